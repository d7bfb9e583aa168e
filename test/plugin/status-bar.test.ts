/** @jest-environment jsdom */
// The status bar's words: progress while indexing, the concept count when ready, embedding progress or pause.
import { StatusBar, statusText } from '../../src/plugin/status-bar';

test('indexing shows progress with thousands separators, then the concept count', () => {
  expect(statusText({ kind: 'waiting' }, { kind: 'idle' }).text).toBe('OKF: starting…');
  expect(statusText({ kind: 'indexing', done: 0, total: 0 }, { kind: 'idle' }).text).toBe('OKF: indexing…');
  expect(statusText({ kind: 'indexing', done: 120, total: 1000 }, { kind: 'idle' }).text).toBe(
    'OKF: indexing 120/1,000',
  );
  expect(statusText({ kind: 'ready', concepts: 1000 }, { kind: 'idle' }).text).toBe('OKF: 1,000 concepts');
  expect(statusText({ kind: 'ready', concepts: 1 }, { kind: 'disabled' }).text).toBe('OKF: 1 concept');
});

test('embedding progress and a pause are shown beside the count, the reason in the tooltip', () => {
  expect(statusText({ kind: 'ready', concepts: 1000 }, { kind: 'running', done: 16, total: 1000 }).text).toBe(
    'OKF: 1,000 concepts · embedding 16/1,000',
  );
  const paused = statusText(
    { kind: 'ready', concepts: 10 },
    { kind: 'failed', message: 'Ollama is not reachable.', cause: 'unreachable', at: 0 },
  );
  expect(paused.text).toBe('OKF: 10 concepts · vectors paused');
  expect(paused.tooltip).toMatch(
    /^Ollama is not reachable\. Until this is fixed, queries use titles and full text; embeddings are retried /,
  );
  expect(statusText({ kind: 'failed', message: 'The index could not be opened: disk full' }, { kind: 'idle' })).toEqual(
    {
      text: 'OKF: index failed',
      tooltip: 'The index could not be opened: disk full',
    },
  );
});

test('clicking the status bar explains the current state', () => {
  require('../obsidian-double/obsidian');
  const el = document.createElement('div');
  const explained: string[] = [];
  const bar = new StatusBar(el, (text) => explained.push(text));
  bar.render(
    { kind: 'ready', concepts: 3 },
    { kind: 'failed', message: 'Ollama is not reachable at http://127.0.0.1:11434.', cause: 'unreachable', at: 0 },
  );
  el.click();
  expect(explained).toHaveLength(1);
  expect(explained[0]).toMatch(
    /^Ollama is not reachable at http:\/\/127\.0\.0\.1:11434\. Until this is fixed, queries use titles and full text/,
  );
});
