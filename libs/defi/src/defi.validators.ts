import { validationRule } from '@scout/core';
import { parseMoment, toLlamaCoinKey } from './coin-key';

/*
 * Input rules of the DeFi tools that need more than class-validator's own, as decorators, so a
 * bad value is a 400 in the validation step, before anything is charged.
 */

/** Shows at most this many bad items in one message. */
const SHOWN = 3;

function coinKeyProblems(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const problems = value.flatMap((item, index) => {
    if (typeof item !== 'string') return [];
    const parsed = toLlamaCoinKey(item);
    return parsed.ok ? [] : [`tokens.${index}: ${parsed.message}`];
  });
  if (problems.length === 0) return null;
  const more = problems.length > SHOWN ? ` (and ${problems.length - SHOWN} more)` : '';
  return problems.slice(0, SHOWN).join('; ') + more;
}

/** Every item is `<chain>:<address>` with a Scout chain, or `<aggregator>:<id>`. */
export function AreCoinKeys(): PropertyDecorator {
  return validationRule('areCoinKeys', coinKeyProblems);
}

/** Unix seconds or an ISO 8601 date or date-time, not in the future, not before any price existed. */
export function IsPastMoment(): PropertyDecorator {
  return validationRule('isPastMoment', (value) => {
    if (typeof value !== 'string') return null;
    const moment = parseMoment(value, Date.now());
    return moment.ok ? null : moment.message;
  });
}
