// `okf-wiki evaluate --sweep --apply`: writes the sweep's best point into the bundle's okf-wiki.json
// (`thresholds.coverage`, and `thresholds.vector` when the vector axis ran), after showing the diff. Every other
// key of the file is kept as it was; a file that is not a JSON object is refused, never overwritten.
import { unifiedDiff } from '../../core/author/unified-diff';
import { BUNDLE_CONFIG_PATH } from '../../core/config/bundle-config';
import type { SweepReport } from '../../core/evaluate/types';
import { InputError } from '../input-error';

/** What an okf-wiki.json that --apply cannot update needs. */
const FIX_FIRST = 'fix okf-wiki.json first (okf-wiki lint names its problems), then run --apply again';
import type { FsBundle } from '../../node/fs-bundle';
import type { CliIo } from '../io';

/** The okf-wiki.json text with the best point's thresholds set (keys in their order; 2-space JSON). */
export function withThresholds(before: string | null, sweep: SweepReport): string {
  let data: Record<string, unknown> = {};
  if (before !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(before.replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new InputError(`okf-wiki.json is not valid JSON (${(error as Error).message})`, FIX_FIRST);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new InputError('okf-wiki.json should hold a JSON object', FIX_FIRST);
    data = parsed as Record<string, unknown>;
  }
  const old =
    typeof data.thresholds === 'object' && data.thresholds !== null && !Array.isArray(data.thresholds)
      ? (data.thresholds as Record<string, unknown>)
      : {};
  const thresholds: Record<string, unknown> = { ...old, coverage: sweep.best.coverageThreshold };
  if (sweep.best.vectorThreshold !== null) thresholds.vector = sweep.best.vectorThreshold;
  return JSON.stringify({ ...data, thresholds }, null, 2) + '\n';
}

/** Shows the diff and writes okf-wiki.json (nothing when the best point is already what the file says). */
export async function applySweep(bundle: FsBundle, sweep: SweepReport, io: CliIo): Promise<void> {
  const before = (await bundle.exists(BUNDLE_CONFIG_PATH)) ? await bundle.read(BUNDLE_CONFIG_PATH) : null;
  const after = withThresholds(before, sweep);
  if (before === after) {
    io.out(`\nokf-wiki.json already holds the best point; nothing written.\n`);
    return;
  }
  io.out(`\n${unifiedDiff(BUNDLE_CONFIG_PATH, before, after)}`);
  await bundle.write(BUNDLE_CONFIG_PATH, after);
  io.out(
    `Wrote ${bundle.resolve(BUNDLE_CONFIG_PATH)}: the CLI, the MCP server ` +
      `and the plugin now answer with these thresholds (an explicit setting ` +
      `still wins).\n`,
  );
}
