/**
 * How AppConfig reads environment text: the transforms of its numeric and boolean settings, the
 * patterns of its origin settings, and the parsing of an origin list.
 */

/** A number from non-blank text (class-validator then checks it); anything else is left as it is. */
export const toNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);

/** true from `true`, `1` or `yes` and false from `false`, `0` or `no`, in any case; anything else is left as it is. */
export const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(value.toLowerCase())) return false;
  return value;
};

/** One browser origin: scheme, host and optional port, no path. */
const ORIGIN = String.raw`https?://[A-Za-z0-9.-]+(?::\d{1,5})?`;
/** Comma-separated origins. */
export const ORIGINS = new RegExp(`^${ORIGIN}(?:\\s*,\\s*${ORIGIN})*$`);
/** `*`, or comma-separated origins. */
export const ORIGINS_OR_ANY = new RegExp(`^(?:\\*|${ORIGIN}(?:\\s*,\\s*${ORIGIN})*)$`);
/** An https origin, or http on a loopback host; an optional trailing slash, no path. */
export const PUBLIC_URL_PATTERN = /^(?:https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?)\/?$/;

/** The origins of a comma-separated list, trimmed, empty entries dropped; none when unset. */
export const originList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
