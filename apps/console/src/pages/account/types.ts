/** A period of time as the usage read and the CSV export take it: ISO 8601, `to` excluded. */
export interface Period {
  from: string;
  to: string;
}

/** The periods the usage section offers; `current` lets Scout pick (the plan period, else the UTC month). */
export type PeriodChoice = 'current' | 'previous-month' | 'last-30-days' | 'last-90-days';

export const PERIOD_CHOICES: Array<{ value: PeriodChoice; label: string }> = [
  { value: 'current', label: 'This period (the plan period, or the UTC month without a plan)' },
  { value: 'previous-month', label: 'The previous UTC month' },
  { value: 'last-30-days', label: 'The last 30 days' },
  { value: 'last-90-days', label: 'The last 90 days' },
];

const DAY_MS = 86_400_000;

/** The bounds of a choice, or null for `current` (the API's default period). */
export function periodOf(choice: PeriodChoice, now = new Date()): Period | null {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const tomorrow = new Date(midnight + DAY_MS).toISOString();
  switch (choice) {
    case 'current':
      return null;
    case 'previous-month':
      return {
        from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString(),
        to: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      };
    case 'last-30-days':
      return { from: new Date(midnight - 29 * DAY_MS).toISOString(), to: tomorrow };
    case 'last-90-days':
      return { from: new Date(midnight - 89 * DAY_MS).toISOString(), to: tomorrow };
  }
}

/** One calendar month after `at` (UTC), the day kept or clamped to the month's last: how a plan period ends. */
export function monthAfter(at: Date): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(at.getUTCDate(), lastDay), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()));
}

export const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
