// Approval tests over the demo bundle (examples/computing-history, read-only): timeline.md, each folder's
// generated index.md, the keywords file and the lint report; and each generator run twice gives the same bytes.
import * as nodePath from 'node:path';
import { FsBundle } from '../../../src/node/fs-bundle';
import { conceptRecordsFromIndex, type ConceptRecord } from '../../../src/core/generate/concept-record';
import { mergeGeneratedBlock } from '../../../src/core/generate/generated-block';
import { renderDirectoryIndexes } from '../../../src/core/generate/index-md';
import { renderKeywords } from '../../../src/core/generate/keywords';
import { renderTimeline } from '../../../src/core/generate/timeline';
import { buildIndex } from '../../../src/core/index/build';
import type { WikiIndex } from '../../../src/core/index/wiki-index';
import { renderLintReport } from '../../../src/core/lint/render-report';
import { lintBundle } from '../../../src/core/lint/run-lint';
import { expectApproved } from './approval';

const DEMO = nodePath.resolve(__dirname, '..', '..', '..', 'examples', 'computing-history');
const TODAY = '2026-11-30';

let index: WikiIndex;
let bundle: FsBundle;
let concepts: ConceptRecord[];

beforeAll(async () => {
  bundle = new FsBundle(DEMO);
  index = await buildIndex(bundle);
  concepts = conceptRecordsFromIndex(index);
});
afterAll(() => index.close());

test('timeline.md', () => {
  const text = renderTimeline(concepts);
  expectApproved('demo.timeline.md', text);
  expect(renderTimeline(conceptRecordsFromIndex(index))).toBe(text);
});

test('wiki-trigger-keywords.txt', () => {
  const text = renderKeywords(concepts);
  expectApproved('demo.wiki-trigger-keywords', text);
  expect(renderKeywords(conceptRecordsFromIndex(index))).toBe(text);
});

test('index.md of every folder (as newly created files)', () => {
  const render = () =>
    [...renderDirectoryIndexes(conceptRecordsFromIndex(index))]
      .map(([path, body]) => {
        const merged = mergeGeneratedBlock(undefined, body);
        return `===== ${path}\n${'text' in merged ? merged.text : merged.reason}`;
      })
      .join('\n');
  const text = render();
  expectApproved('demo.index-md', text);
  expect(render()).toBe(text);
});

test('lint report: no error on the demo bundle', async () => {
  const report = await lintBundle(index, bundle, { clock: { now: () => `${TODAY}T12:00:00Z` } });
  expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
  const text = renderLintReport(report, { concepts: concepts.length });
  expectApproved('demo.lint-report', text);
  expect(
    renderLintReport(await lintBundle(index, bundle, { clock: { now: () => `${TODAY}T12:00:00Z` } }), {
      concepts: concepts.length,
    }),
  ).toBe(text);
});
