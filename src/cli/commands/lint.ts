// `okf-wiki lint`: every integrity check over the bundle (spec §7.3, §7.6, §7.7), grouped by check; `--json`
// for the structured report. Exit 1 when a finding of error severity exists. Lint never writes to the bundle.
import { openIndex } from '../../core/index/open';
import { LINT_CHECKS } from '../../core/lint/checks';
import { renderLintReport } from '../../core/lint/render-report';
import { hasErrors, lintBundle } from '../../core/lint/run-lint';
import type { Flags } from '../args';
import { openBundle } from '../bundle-context';
import { clockFromFlags } from '../clock';
import { jsonText, type CliIo } from '../io';
import { readWikiDb } from '../../node/index-store';
import { noConceptsNote } from '../folder-notes';

export async function lintCommand(flags: Flags, io: CliIo): Promise<number> {
  const clock = clockFromFlags(flags);
  const bundle = openBundle(flags, io);
  const { index } = await openIndex(bundle, await readWikiDb(bundle));
  try {
    const report = await lintBundle(index, bundle, { clock });
    const concepts = index.stats().concepts;
    const empty = noConceptsNote(bundle.root, concepts);
    if (empty !== undefined) io.err(empty);
    if (flags.json) {
      const checks = LINT_CHECKS.map((c) => ({
        id: c.id,
        severity: c.severity,
        title: c.title,
        count: report.findings.filter((f) => f.check === c.id).length,
      }));
      io.out(jsonText({ bundle: bundle.root, concepts, counts: report.counts, checks, findings: report.findings }));
    } else {
      io.out(renderLintReport(report, { concepts }));
    }
    return hasErrors(report) ? 1 : 0;
  } finally {
    index.close();
  }
}
