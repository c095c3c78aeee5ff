/** The answer fields that hold an asset URL, which the site gives relative to itself (`/api/asset/...`). */
const ASSET_FIELDS = new Set(['logoUrl', 'imageUrl']);

/**
 * Makes the site-relative asset URLs of a freshly parsed answer absolute against the site's base
 * URL (its path kept, so a site mounted under a prefix resolves too). Absolute URLs, protocol-relative
 * ones and a null base are left as they are. Rewrites `answer` in place and returns it.
 */
export function absoluteAssets<T>(answer: T, baseUrl: string | null): T {
  if (baseUrl === null) return answer;
  const base = baseUrl.replace(/\/+$/, '');
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (ASSET_FIELDS.has(key) && typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')) record[key] = `${base}${value}`;
      else visit(value);
    }
  };
  visit(answer);
  return answer;
}
