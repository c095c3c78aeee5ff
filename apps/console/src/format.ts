/** How numbers and times read on the pages (en-US grouping, UTC times as the API gives them). */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const credits = (n: number) => whole.format(n);

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
}

export const day = (iso: string) => iso.slice(0, 10);

/** Start of the current UTC month and of the next, as the API's period bounds. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}
