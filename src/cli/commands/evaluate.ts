// `okf-wiki evaluate`: run the bundle's labeled question set (spec §7.5), print the table and metrics, store the
// last result beside the set, and exit 1 when a metric or a question falls below the committed baseline.
// `--sweep` tries a grid of coverage × vector thresholds instead (spec §10.4: retune per bundle).
import * as nodePath from 'node:path';
import { DEFAULT_SET_NAME, type SetFileProblem } from '../../core/evaluate/evaluate-set-file';
import { renderReport, renderSweep } from '../../core/evaluate/render';
import type { SignalName } from '../../core/retrieval/types';
import { defaultContextOptions } from '../../core/retrieval/context-for';
import { FlagValueError, intFlag, UsageError, type Flags } from '../args';
import { InputError } from '../input-error';
import { vectorOffNote, vectorOffReasonNote } from '../vector-note';
import { openBundle } from '../bundle-context';
import { embeddingFromFlags } from '../embedding';
import { jsonText, type CliIo } from '../io';
import { openSession } from '../../node/open-session';
import { bundleThresholds } from '../../node/bundle-thresholds';
import { thresholdFlags } from '../thresholds';
import { applySweep } from './apply-sweep';
import { evaluateSet } from '../evaluate-set-files';
import { isIsoDate } from '../../core/okf/dates';

const SIGNALS: readonly SignalName[] = ['title', 'bm25', 'vector'];

export async function evaluateCommand(flags: Flags, io: CliIo): Promise<number> {
  const disabledSignals = parseSignals(flags['disable-signal']);
  if (flags.today !== undefined && !isIsoDate(flags.today))
    throw new FlagValueError('today', flags.today, 'must be an ISO 8601 date');
  if (flags['update-baseline'] && disabledSignals.length > 0)
    throw new UsageError(
      '--update-baseline cannot be combined with --disable-signal: a broken ranking must not become the baseline',
    );
  if (flags['update-baseline'] && flags.sweep)
    throw new UsageError('--update-baseline records a normal run; drop --sweep');
  if (flags.apply && !flags.sweep)
    throw new UsageError('--apply writes the best point of a sweep into okf-wiki.json: use it with --sweep');
  if (flags.sections !== undefined && !flags.sweep)
    throw new UsageError('--sections chooses the tuning split of a sweep: use it with --sweep');
  const sections = flags.sections
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (sections !== undefined && sections.length === 0)
    throw new FlagValueError(
      'sections',
      flags.sections ?? '',
      'takes a comma-separated list of section names, e.g. core',
    );
  const budget = flags.budget !== undefined ? intFlag('budget', flags.budget, defaultContextOptions.budget) : undefined;
  const bundle = openBundle(flags, io);
  // Results are written beside the set, as named: through the bundle when it lies there (evaluate-set-files.ts).
  const given = nodePath.resolve(io.cwd, flags.bundle ?? '.');
  const named = flags.set !== undefined ? nodePath.resolve(io.cwd, flags.set) : undefined;
  const { setPath, files } = await evaluateSet(bundle, given, named);
  const { embedder, off } = embeddingFromFlags(flags);
  // The user's own --no-embed in the CLI's words (naming the flag); any other reason as the run reported it.
  const offNote = (reason: string) => (off?.kind === 'turned-off' ? vectorOffNote(off) : vectorOffReasonNote(reason));
  const session = await openSession(bundle, io);
  const options = {
    ...(flags.today !== undefined ? { today: flags.today } : {}),
    ...(budget !== undefined ? { budget } : {}),
    ...thresholdFlags(flags),
    bundleThresholds: await bundleThresholds(bundle, io),
    ...(embedder ? { embedder } : {}),
    ...(off ? { vectorOff: off } : {}),
    disabledSignals,
  };
  try {
    if (flags.sweep) {
      let shown = 0;
      const outcome = await session.sweep(files, setPath, {
        ...options,
        ...(sections ? { sections } : {}),
        onProgress: (done, total) => {
          if (flags.json || total < 20 || done - shown < Math.ceil(total / 10)) return;
          shown = done;
          io.err(`sweep ${done}/${total}\n`);
        },
      });
      if (outcome.kind !== 'swept') return setProblem(outcome, io);
      if (outcome.sweep.vectorOff) io.err(offNote(outcome.sweep.vectorOff));
      io.out(flags.json ? jsonText(outcome.sweep) : renderSweep(outcome.sweep));
      if (flags.apply) await applySweep(bundle, outcome.sweep, io);
      return 0;
    }
    const outcome = await session.evaluate(files, setPath, {
      ...options,
      updateBaseline: flags['update-baseline'] === true,
    });
    if (outcome.kind !== 'evaluated') return setProblem(outcome, io);
    const { report, comparison } = outcome;
    if (report.configuration.vectorOff) io.err(offNote(report.configuration.vectorOff));
    if (outcome.baselineProblem) io.err(`note: baseline not used: ${outcome.baselineProblem}\n`);
    if (flags.json) {
      const lexical = outcome.lexical
        ? { lexical: { metrics: outcome.lexical.metrics, sections: outcome.lexical.sections } }
        : {};
      io.out(
        jsonText({ setPath, ...report, ...lexical, comparison, baselineWritten: outcome.baselineWritten ?? null }),
      );
    } else {
      io.out(renderReport(report, comparison, outcome.baselineMetrics, outcome.lexical));
      if (!outcome.unwritten?.some((u) => u.path === outcome.lastPath))
        io.out(`\nLast result written to ${outcome.lastPath}\n`);
      if (outcome.baselineWritten === 'established')
        io.out(
          `Baseline recorded for "${report.configuration.signals}" ` +
            `in ${outcome.baselinePath} (commit it so CI catches regressions).\n`,
        );
      if (outcome.baselineWritten === 'updated')
        io.out(`Baseline for "${report.configuration.signals}" updated in ${outcome.baselinePath}.\n`);
    }
    for (const u of outcome.unwritten ?? []) {
      const why = u.reason.includes(u.path) ? u.reason : `could not write ${u.path} (${u.reason})`;
      io.err(`note: ${why}; the report above is not stored there\n`);
    }
    return comparison.regressions.length > 0 ? 1 : 0;
  } finally {
    await session.close();
  }
}

/** `--disable-signal title,bm25` → ['title', 'bm25']; anything else is a usage error. */
function parseSignals(value: string | undefined): SignalName[] {
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of names) {
    if (!(SIGNALS as readonly string[]).includes(name))
      throw new FlagValueError('disable-signal', name, `takes ${SIGNALS.join(', ')} (comma-separated)`);
  }
  return [...new Set(names)] as SignalName[];
}

function setProblem(outcome: SetFileProblem, io: CliIo): number {
  if (outcome.kind === 'missing') {
    throw new InputError(
      `no question set at ${outcome.setPath}`,
      `add ${DEFAULT_SET_NAME} to the bundle (see examples/computing-history/evaluate.json), ` +
        'or name one with --set FILE',
    );
  }
  io.err(`okf-wiki: ${outcome.setPath} has ${outcome.problems.length} problem(s):\n`);
  for (const p of outcome.problems) io.err(`  ${p.where}: ${p.message}\n`);
  return 2;
}
