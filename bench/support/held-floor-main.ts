/**
 * The watch bench's floors: Node's own HTTP server, no framework, holding every request it gets
 * until told to answer, then answering all of them with the same bytes, as fast as one process can.
 * It is what one feed event reaching N held requests costs before any of Scout's code runs: the
 * watch tool's figure is compared with it in one run (bench/watch.bench.ts). FLOOR_WRITE picks how
 * an answer is written:
 *  - `http` (the default): `writeHead` and `end` on each held response, as any Node server answers;
 *  - `raw`: the whole answer (status line, headers and body) built once, then one `socket.write` of
 *    those bytes per held connection, bypassing the response object. No server can send an answer
 *    for less from one Node process: what is left is the socket write itself (the system call, on
 *    loopback also the receiver's TCP path). Its connections are never reused; the bench closes them.
 *
 *  - GET /api/v1/admin/upstreams answers at once with how many requests are held (the same shape
 *    as the API's own count, so the bench opens waves the same way);
 *  - POST /bench/answer (JSON: { headers, body }) answers at once, then every held request with
 *    status 200, those headers and that body, in slices of 256 per turn of the event loop (as the
 *    API's feed hub delivers);
 *  - anything else is held.
 *
 * Transpiled into the bench's build directory and started like the API (bench/support/api-process.ts).
 */
import { createServer, type ServerResponse } from 'node:http';

const SLICE = 256;
const RAW = process.env.FLOOR_WRITE === 'raw';
let held: ServerResponse[] = [];

/** One answer's bytes as the `http` floor writes them (Date and keep-alive as Node adds them). */
function rawAnswer(headers: Record<string, string>, body: Buffer): Buffer {
  const lines = Object.entries({ ...headers, 'content-length': String(body.length) }).map(([name, value]) => `${name}: ${value}\r\n`);
  const head = `HTTP/1.1 200 OK\r\n${lines.join('')}Date: ${new Date().toUTCString()}\r\nConnection: keep-alive\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

function answerAll(headers: Record<string, string>, body: Buffer): void {
  const answering = held;
  held = [];
  const raw = RAW ? rawAnswer(headers, body) : null;
  const slice = (from: number) => {
    for (const res of answering.slice(from, from + SLICE)) {
      if (raw) {
        res.socket?.write(raw);
        continue;
      }
      res.writeHead(200, { ...headers, 'content-length': String(body.length) });
      res.end(body);
    }
    if (from + SLICE < answering.length) setImmediate(slice, from + SLICE);
  };
  slice(0);
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/api/v1/admin/upstreams') {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ feed: { openWatches: held.length } }));
    return;
  }
  if (req.method === 'POST' && req.url === '/bench/answer') {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { headers, body } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { headers: Record<string, string>; body: string };
      res.writeHead(204).end();
      answerAll(headers, Buffer.from(body, 'utf8'));
    });
    return;
  }
  req.resume();
  res.once('close', () => {
    if (!res.writableFinished) held = held.filter((r) => r !== res);
  });
  held.push(res);
});
server.keepAliveTimeout = 0;
server.requestTimeout = 0;
server.headersTimeout = 0;
server.maxHeadersCount = 0;
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
