// OKF_WIKI_EMBED_SAVE_SECONDS: how often a reindex saves wiki.db while it embeds. Empty is unset (the default 30 s),
// as the lock wait's setting reads it: Number('') is 0, which saved after every batch.
import { guardEmbedding } from '../../src/cli/embed-interrupt';
import { bufferIo } from '../support/cli-io';

/** Whether the guard asks for a save right after embedding starts (true only for an interval of 0). */
function savesAtOnce(env: NodeJS.ProcessEnv): boolean {
  const guard = guardEmbedding(bufferIo(), env);
  try {
    guard.options.shouldStopEmbedding!();
    return guard.options.saveDuringEmbedding!();
  } finally {
    guard.dispose();
  }
}

test('an empty OKF_WIKI_EMBED_SAVE_SECONDS is the default interval, not 0', () => {
  expect(savesAtOnce({ OKF_WIKI_EMBED_SAVE_SECONDS: '' })).toBe(false);
  expect(savesAtOnce({ OKF_WIKI_EMBED_SAVE_SECONDS: ' ' })).toBe(false);
  expect(savesAtOnce({})).toBe(false);
  expect(savesAtOnce({ OKF_WIKI_EMBED_SAVE_SECONDS: '0' })).toBe(true);
});
