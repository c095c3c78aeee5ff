import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/**
 * One request with exactly the bytes and header lines given, for what supertest cannot send:
 * a header line repeated (an array value), a compressed body taken as is.
 */
export function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string | string[]>; body?: Buffer | string },
): Promise<RawAnswer> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // Not JSON: kept as text.
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
    });
    req.on('error', reject);
    for (const [name, value] of Object.entries(options.headers ?? {})) req.setHeader(name, value);
    if (options.body !== undefined) req.setHeader('Content-Length', Buffer.byteLength(options.body));
    req.end(options.body);
  });
}
