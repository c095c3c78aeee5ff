import { useEffect, useState } from 'preact/hooks';

/**
 * Hash routes (`#/admin/accounts/<id>`): the server serves one page for /console, and nothing a
 * route names (an account id, a search) is sent to it in a URL.
 */
export interface Route {
  /** Path segments after `#/`, e.g. ['admin', 'accounts', '<id>']. */
  parts: string[];
  params: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?');
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(search) };
}

export function href(parts: string[], params?: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) search.set(name, value);
  const text = search.toString();
  return `#/${parts.map(encodeURIComponent).join('/')}${text ? `?${text}` : ''}`;
}

export function navigate(parts: string[], params?: Record<string, string | undefined>): void {
  location.hash = href(parts, params);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}
