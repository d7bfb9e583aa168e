// The clock for staleness: the real date, or --today for reproducible runs.
import { isIsoDate } from '../core/okf/dates';
import { systemClock, type Clock } from '../core/types';
import { UsageError, type Flags } from './args';

export function clockFromFlags(flags: Flags): Clock {
  if (flags.today === undefined) return systemClock;
  if (!isIsoDate(flags.today)) throw new UsageError(`--today must be an ISO 8601 date, got "${flags.today}"`);
  const today = flags.today;
  return { now: () => today };
}
