// `okf-wiki context "QUESTION"`: the context block for an LLM (spec §6), --json for the structured answer, or
// --format mermaid for the answer as a Mermaid flowchart (issue 16).
import { conceptNotesOf } from '../../core/render/concept-notes';
import { renderMermaid } from '../../core/render/mermaid';
import { escapeControlsButLayout } from '../../core/okf/controls';
import { defaultContextOptions } from '../../core/retrieval/context-for';
import { FlagValueError, intFlag, UsageError, type Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { todayOf } from '../../core/types';
import { embeddingFromFlags } from '../embedding';
import { InputError } from '../input-error';
import { jsonText, type CliIo } from '../io';
import { openSession } from '../../node/open-session';
import { vectorOffNote } from '../vector-note';
import { noConceptsNote, subfolderNote } from '../folder-notes';
import { bundleThresholds } from '../../node/bundle-thresholds';
import { thresholdFlags } from '../thresholds';

export async function contextCommand(flags: Flags, io: CliIo, positionals: string[]): Promise<number> {
  const question = positionals.join(' ');
  // A blank question is no question: answered, it would exit 0 with nothing asked.
  if (question.trim() === '') throw new UsageError('context needs a question: okf-wiki context "Who was Kurt Gödel?"');
  const budget = intFlag('budget', flags.budget, defaultContextOptions.budget);
  // `--json` beside another `--format` was ignored without a word (QA2 F22): one of the two is a mistake.
  if (flags.json === true && flags.format !== undefined && flags.format !== 'json')
    throw new InputError(
      `--json and --format ${JSON.stringify(flags.format)} ask for different outputs`,
      'give one of them (--format json is --json)',
    );
  const format = flags.format ?? (flags.json ? 'json' : 'text');
  if (!['text', 'json', 'mermaid'].includes(format))
    throw new FlagValueError('format', format, 'must be text, json or mermaid');
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  const embedding = embeddingFromFlags(flags, 'query');
  const settings = thresholdFlags(flags);
  const fromBundle = await bundleThresholds(bundle, io);
  // One question: wiki.db read where it lies, only the pages it needs (PersistedFile.readInPlace).
  const session = await openSession(bundle, io, clock, 'okf-wiki', true);
  try {
    const result = await session.answerWith(question, embedding, { budget, ...settings, bundleThresholds: fromBundle });
    if (!result.vector.used) io.err(vectorOffNote(result.vector.off));
    // Counted only when nothing answered, so a confident answer costs what it did.
    const empty = result.confident ? undefined : noConceptsNote(bundle.root, session.index.conceptCount());
    const sub = subfolderNote(bundle.root, result.facts, (path) => session.index.fileHash(path) !== undefined);
    for (const note of [empty, sub]) if (note !== undefined) io.err(note);
    if (format === 'mermaid') io.out(renderMermaid(result, { notes: conceptNotesOf(session.index, todayOf(clock)) }));
    // The text keeps bodies as written for an LLM; a terminal gets their control characters escaped.
    else io.out(format === 'json' ? jsonText(result) : escapeControlsButLayout(result.text));
    return 0;
  } finally {
    await session.close();
  }
}
