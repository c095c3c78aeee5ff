import { InvalidRequestError } from '@scout/core';
import { parseIdempotencyKey, requestFingerprint } from './idempotency-key';

describe('parseIdempotencyKey', () => {
  it('is null without the header', () => {
    expect(parseIdempotencyKey(undefined)).toBeNull();
  });

  it('reads a Structured Fields string and a bare token alike', () => {
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseIdempotencyKey('order-42')).toBe('order-42');
    expect(parseIdempotencyKey('  spaced  ')).toBe('spaced');
    expect(parseIdempotencyKey('"with inner space"')).toBe('with inner space');
    expect(parseIdempotencyKey('x'.repeat(255))).toHaveLength(255);
  });

  it.each([
    ['empty', ''],
    ['empty quoted', '""'],
    ['unterminated quote', '"abc'],
    ['stray closing quote', 'abc"'],
    ['quote inside', '"a"b"'],
    ['too long', 'x'.repeat(256)],
    ['non-ASCII', 'clé'],
    ['control character', 'a\u0001b'],
  ])('refuses %s with a 400 naming the header', (_, value) => {
    let error: unknown;
    try {
      parseIdempotencyKey(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as InvalidRequestError).extra.issues).toEqual([{ path: 'Idempotency-Key', message: expect.any(String) }]);
  });

  it('refuses the header sent twice', () => {
    expect(() => parseIdempotencyKey(['a', 'b'])).toThrow(InvalidRequestError);
  });
});

describe('requestFingerprint', () => {
  it('does not depend on the order of fields, nested ones included', () => {
    expect(requestFingerprint('t', { a: 1, b: { c: [1, 2], d: 'x' } })).toBe(requestFingerprint('t', { b: { d: 'x', c: [1, 2] }, a: 1 }));
  });

  it('ignores fields that are undefined (absent after validation), but not null ones', () => {
    expect(requestFingerprint('t', { a: 1, b: undefined })).toBe(requestFingerprint('t', { a: 1 }));
    expect(requestFingerprint('t', { a: 1, b: null })).not.toBe(requestFingerprint('t', { a: 1 }));
  });

  it('differs for another tool, another value, or another order of array items', () => {
    const base = requestFingerprint('t', { a: [1, 2] });
    expect(requestFingerprint('u', { a: [1, 2] })).not.toBe(base);
    expect(requestFingerprint('t', { a: [1, 3] })).not.toBe(base);
    expect(requestFingerprint('t', { a: [2, 1] })).not.toBe(base);
    expect(requestFingerprint('t', { a: ['1', 2] })).not.toBe(base);
  });

  it('reads class instances (validated DTOs) by their own fields', () => {
    class Input {
      limit = 20;
      mode?: string = 'ok';
    }
    expect(requestFingerprint('t', new Input())).toBe(requestFingerprint('t', { mode: 'ok', limit: 20 }));
  });
});
