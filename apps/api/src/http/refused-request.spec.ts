import { EventEmitter } from 'node:events';
import type { Duplex } from 'node:stream';
import { RefusedRequestReader } from './refused-request';

const IP = '203.0.113.7';
const LONG_LINE = `GET /api/v1/tools/service_health?chains=${'x'.repeat(100_000)} HTTP/1.1\r\n`;

/** Feeds `text` to a reader in pieces of `size` bytes. */
function read(text: string, size = text.length, maxBytes = 1024 * 1024): RefusedRequestReader {
  const reader = new RefusedRequestReader(maxBytes);
  for (let i = 0; i < text.length; i += size) reader.push(Buffer.from(text.slice(i, i + size), 'latin1'));
  return reader;
}

describe('RefusedRequestReader', () => {
  it('reads the target and the one Authorization header, in one piece or byte by byte', () => {
    const text = 'GET /api/v1/tools/service_health?x=1 HTTP/1.1\r\nHost: a\r\nauthorization:  Bearer sc_abc \r\n\r\n';
    for (const size of [text.length, 7, 1]) {
      const reader = read(text, size);
      expect({ size, complete: reader.complete, request: reader.request(IP) }).toEqual({
        size,
        complete: true,
        request: { target: '/api/v1/tools/service_health?x=1', authorization: 'Bearer sc_abc', ip: IP },
      });
    }
  });

  it('reads past a 100 KB request line, keeping its start as the target', () => {
    const reader = read(`${LONG_LINE}Authorization: Bearer sc_abc\r\n\r\n`, 65_536);
    const { target, authorization } = reader.request(IP);
    expect(target.startsWith('/api/v1/tools/service_health?chains=xxx')).toBe(true);
    expect(target.length).toBeLessThanOrEqual(8 * 1024);
    expect(authorization).toBe('Bearer sc_abc');
  });

  it('two Authorization headers give none', () => {
    expect(read('GET / HTTP/1.1\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n').request(IP).authorization).toBeNull();
  });

  it('stops at the blank line: a header after it (a body) is not read', () => {
    const reader = read('GET / HTTP/1.1\r\nHost: a\r\n\r\nAuthorization: Bearer sc_body\r\n');
    expect(reader.complete).toBe(true);
    expect(reader.request(IP).authorization).toBeNull();
  });

  it('skips blank lines before the request line, as the HTTP parser does', () => {
    expect(read('\r\n\r\nGET /x HTTP/1.1\r\nAuthorization: Bearer a\r\n\r\n').request(IP)).toMatchObject({ target: '/x', authorization: 'Bearer a' });
  });

  it('a piece that starts inside the request line: no target, the headers after it still read', () => {
    const reader = read(`xxxxxxxx HTTP/1.1\r\nAuthorization: Bearer sc_abc\r\n\r\n`);
    expect(reader.request(IP)).toEqual({ target: '', authorization: 'Bearer sc_abc', ip: IP });
  });

  it('an unfinished last line is not taken as a header', () => {
    const reader = read('GET / HTTP/1.1\r\nAuthorization: Bearer sc_ab');
    expect(reader.complete).toBe(false);
    expect(reader.request(IP).authorization).toBeNull();
  });

  it('stops at maxBytes: complete without the end of the header block, what came after unread', () => {
    const reader = read(`${LONG_LINE}Authorization: Bearer sc_abc\r\n\r\n`, 1000, 50_000);
    expect(reader.complete).toBe(true);
    expect(reader.request(IP).authorization).toBeNull();
  });

  it('whenComplete resolves on the blank line, or when the socket closes', async () => {
    const reader = new RefusedRequestReader(1024);
    reader.push(Buffer.from('GET / HTTP/1.1\r\n'));
    const socket = new EventEmitter() as unknown as Duplex;
    const done = reader.whenComplete(socket, 60_000);
    reader.push(Buffer.from('Authorization: Bearer a\r\n\r\n'));
    await expect(done).resolves.toBeUndefined();
    expect(socket.listenerCount('close')).toBe(0);

    const waiting = new RefusedRequestReader(1024);
    const closed = waiting.whenComplete(socket, 60_000);
    socket.emit('close');
    await expect(closed).resolves.toBeUndefined();
    expect(waiting.complete).toBe(false);
  });
});
