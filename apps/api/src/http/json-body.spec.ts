import type { Request } from 'express';
import { bodyError } from './json-body';

const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as Request;
const failure = (fields: Record<string, unknown>) => Object.assign(new Error('body failure'), fields);

describe("bodyError: body-parser failures as the contract's answers", () => {
  it.each([
    [{ type: 'entity.too.large', status: 413 }, {}, 'The request body is larger than 1024 bytes.'],
    [{ type: 'entity.parse.failed', status: 400 }, {}, 'The request body is not valid JSON.'],
    [{ type: 'charset.unsupported', status: 415 }, {}, 'The request body must be UTF-8 JSON.'],
    [
      { type: 'encoding.unsupported', status: 415 },
      { 'content-encoding': 'zstd' },
      'Content-Encoding "zstd" is not supported: send the body uncompressed, or as gzip, deflate or br.',
    ],
    [{ status: 400, code: 'Z_DATA_ERROR' }, { 'content-encoding': 'gzip' }, 'The request body could not be decoded as Content-Encoding "gzip".'],
    [{ type: 'request.aborted', status: 400 }, {}, 'The request body could not be read (request.aborted).'],
  ])('%j is a 400 invalid_request', (fields, headers, message) => {
    const error = bodyError(failure(fields), 1024, req(headers));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({ status: 400, code: 'invalid_request', message });
    expect(error.extra.issues).toEqual([{ path: '', message: expect.any(String) }]);
  });

  it("a failure that is not the client's stays an internal error, saying nothing of it", () => {
    const error = bodyError(failure({ type: 'stream.not.readable', status: 500 }), 1024, req());
    expect({ status: error.status, code: error.code }).toEqual({ status: 500, code: 'internal_error' });
  });
});
