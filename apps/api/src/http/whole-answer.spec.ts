import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { sendJson } from './json-answer';
import { endWhole, prepareWhole } from './whole-answer';

/**
 * endWhole against this Node's own bytes: the same response answered by node:http's res.end(body)
 * and by endWhole must reach the client byte for byte alike (the Date line aside), whether the
 * direct write applies or not, and the connection must go on as node:http leaves it.
 */

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What a plain socket receives for `requests` (raw HTTP, each sent once the answers before it came;
 * several in one string are pipelined), with the Date lines blanked and the number of socket writes
 * the server made.
 */
async function exchange(answer: Answer, requests: string[], answers = requests.length): Promise<string> {
  let writes = 0;
  const server: Server = createServer(answer);
  server.on('connection', (socket: Socket) => {
    const write = socket.write.bind(socket);
    socket.write = ((...args: Parameters<typeof write>) => ((writes += 1), write(...args))) as typeof write;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const received = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' });
      let text = '';
      let sent = 0;
      const next = () => socket.write(requests[sent++]);
      socket.on('connect', next);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        const got = text.split('HTTP/1.').length - 1;
        if (!text.endsWith('}')) return;
        if (got >= answers) setTimeout(() => (socket.destroy(), resolve(text)), 50);
        else if (sent < requests.length) next();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    return `${received.replace(/\r\nDate: [^\r]*/g, '\r\nDate: X')}\n(writes: ${writes})`;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const BODY = JSON.stringify({ data: { text: 'ünïcode "quoted"', n: [1, 2, 3] }, meta: { requestId: 'r-1' } });

/** An answer as the API sets one up: headers set on the way (mixed case), then the JSON body. */
const answerWith =
  (end: (res: ServerResponse, body: string) => void, extra: (res: ServerResponse) => void = () => undefined): Answer =>
  (_req, res) => {
    res.setHeader('x-request-id', 'r-1');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    extra(res);
    res.statusCode = 200;
    res.setHeader('x-credits-remaining', 1250);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(BODY));
    end(res, BODY);
  };

const byNode = (res: ServerResponse, body: string) => res.end(body);
const GET = 'GET /a HTTP/1.1\r\nHost: x\r\n\r\n';

describe('endWhole', () => {
  it('sends the bytes res.end sends, in one write, and the connection serves its next request', async () => {
    const mine = await exchange(answerWith(endWhole), [GET, GET]);
    expect(mine.replace(/\(writes: \d+\)/, '')).toBe((await exchange(answerWith(byNode), [GET, GET])).replace(/\(writes: \d+\)/, ''));
    expect(mine).toContain('Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n');
    expect(mine.split('HTTP/1.1 200 OK').length - 1).toBe(2);
    // One write per answer: the header block and the body together.
    expect(mine).toMatch(/\(writes: 2\)$/);
  });

  it.each([
    ['a request that closes the connection', 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', () => undefined],
    ['an HTTP/1.0 request', 'GET /a HTTP/1.0\r\nHost: x\r\n\r\n', () => undefined],
    ['a header node:http reads (Connection)', GET, (res: ServerResponse) => res.setHeader('Connection', 'close')],
    ['a header of several values', GET, (res: ServerResponse) => res.setHeader('Vary', ['Origin', 'Accept'])],
    ['a header value beyond ASCII', GET, (res: ServerResponse) => res.setHeader('X-Name', 'caf\u00e9')],
  ])('leaves %s to node:http, with its bytes', async (_what, request, extra) => {
    expect(await exchange(answerWith(endWhole, extra), [request])).toBe(await exchange(answerWith(byNode, extra), [request]));
  });

  it('answers pipelined requests in order, each once its turn comes', async () => {
    let n = 0;
    const answer: Answer = (_req, res) => {
      const body = JSON.stringify({ n: (n += 1) });
      res.setHeader('Content-Length', Buffer.byteLength(body));
      // The first answers last: the second waits behind it on the connection.
      setTimeout(() => endWhole(res, body), n === 1 ? 50 : 0);
    };
    const text = await exchange(answer, [GET + GET], 2);
    expect(text.indexOf('{"n":1}')).toBeGreaterThan(0);
    expect(text.indexOf('{"n":2}')).toBeGreaterThan(text.indexOf('{"n":1}'));
  });

  it("finishes the response as res.end does: 'finish', writableFinished, headersSent", async () => {
    const seen: unknown[] = [];
    const answer: Answer = (_req, res) => {
      res.on('finish', () => seen.push(['finish', res.writableFinished, res.headersSent, res.statusCode]));
      answerWith(endWhole)(_req, res);
    };
    await exchange(answer, [GET]);
    expect(seen).toEqual([['finish', true, true, 200]]);
  });
});

describe('prepareWhole', () => {
  /** An answer whose first headers were prepared while it waited; `after` runs once it is answered. */
  const prepared =
    (after: (res: ServerResponse) => void): Answer =>
    (_req, res) => {
      res.setHeader('x-request-id', 'r-1');
      res.setHeader('Cache-Control', 'no-store');
      const ready = prepareWhole(res);
      setTimeout(() => {
        after(res);
        res.setHeader('Content-Length', Buffer.byteLength(BODY));
        endWhole(res, BODY, ready);
      }, 5);
    };

  it.each([
    ['headers added after it', (res: ServerResponse) => res.setHeader('x-credits-remaining', 7)],
    ['a prepared header set again', (res: ServerResponse) => res.setHeader('Cache-Control', 'no-cache')],
    ['a prepared header removed', (res: ServerResponse) => res.removeHeader('x-request-id')],
  ])('sends the bytes res.end sends with %s, in one write', async (_what, after) => {
    const reference: Answer = (_req, res) => {
      res.setHeader('x-request-id', 'r-1');
      res.setHeader('Cache-Control', 'no-store');
      setTimeout(() => {
        after(res);
        res.setHeader('Content-Length', Buffer.byteLength(BODY));
        res.end(BODY);
      }, 5);
    };
    const mine = await exchange(prepared(after), [GET]);
    expect(mine.replace(/\(writes: \d+\)/, '')).toBe((await exchange(reference, [GET])).replace(/\(writes: \d+\)/, ''));
    expect(mine).toMatch(/\(writes: 1\)$/);
  });
});

describe('sendJson', () => {
  it('sends what Express res.json sends: its Content-Type, Content-Length and the JSON text', async () => {
    const body = { a: 'é', b: [1, null] };
    const text = await exchange((_req, res) => sendJson(res, body), [GET]);
    expect(text).toContain('Content-Type: application/json; charset=utf-8\r\n');
    expect(text).toContain(`Content-Length: ${Buffer.byteLength(JSON.stringify(body))}\r\n`);
    expect(text).toContain(`\r\n\r\n${Buffer.from(JSON.stringify(body)).toString('latin1')}`);
  });
});
