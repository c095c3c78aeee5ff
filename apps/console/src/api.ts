import { currentKey } from './session';

/** An answer outside 2xx, with the contract's error body (`{"error":{"code","message"}}`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Listeners told when the key is refused (401): the app signs out. */
const onUnauthorized = new Set<() => void>();
export function whenUnauthorized(listener: () => void): () => void {
  onUnauthorized.add(listener);
  return () => onUnauthorized.delete(listener);
}

async function send(method: Method, path: string, body?: unknown, key = currentKey()): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  if (res.ok) return res;
  let code = 'http_error';
  let message = `${res.status} ${res.statusText}`;
  try {
    const parsed = (await res.json()) as { error?: { code?: string; message?: string } };
    code = parsed.error?.code ?? code;
    message = parsed.error?.message ?? message;
  } catch {
    // not the contract's body: the status says it
  }
  if (res.status === 401 && key === currentKey()) onUnauthorized.forEach((listener) => listener());
  throw new ApiError(res.status, code, message);
}

/** Calls Scout's public API with the tab's key and reads its JSON answer. */
export async function api<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return (await (await send(method, path, body)).json()) as T;
}

export const get = <T>(path: string) => api<T>('GET', path);

/** Calls with a key that is not (yet) the tab's: the sign-in form's check. */
export async function getWithKey<T>(path: string, key: string): Promise<T> {
  return (await (await send('GET', path, undefined, key)).json()) as T;
}

/** A query string from the defined values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Downloads a CSV answer (the ledger exports): fetched with the key in its header, never in a
 * link, then handed to the browser as a file.
 */
export async function download(path: string, filename: string): Promise<void> {
  const blob = await (await send('GET', path)).blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
