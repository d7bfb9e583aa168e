// The clock for staleness: the real date, or --today for reproducible runs.
import { isIsoDate } from '../core/okf/dates';
import { systemClock, type Clock } from '../core/types';
import { FlagValueError, type Flags } from './args';

export function clockFromFlags(flags: Flags): Clock {
  if (flags.today === undefined) return systemClock;
  if (!isIsoDate(flags.today)) throw new FlagValueError('today', flags.today, 'must be an ISO 8601 date');
  const today = flags.today;
  return { now: () => today };
}
