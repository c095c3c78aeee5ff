import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { inputSchemaOf, InvalidRequestError, parseToolInput } from '@scout/core';
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
    expect(parseIdempotencyKey(`"${'x'.repeat(255)}"`)).toHaveLength(255);
  });

  it('names the same key whether it came quoted or bare', () => {
    expect(parseIdempotencyKey('"order-42"')).toBe(parseIdempotencyKey('order-42'));
  });

  it('unescapes a quoted key as RFC 8941 does: \\" is a quote, \\\\ a backslash', () => {
    expect(parseIdempotencyKey('"say \\"hi\\""')).toBe('say "hi"');
    expect(parseIdempotencyKey('"a\\\\b"')).toBe('a\\b');
    expect(parseIdempotencyKey('a\\b')).toBe('a\\b');
  });

  it.each([
    ['empty', ''],
    ['empty quoted', '""'],
    ['unterminated quote', '"abc'],
    ['stray closing quote', 'abc"'],
    ['quote inside', '"a"b"'],
    ['a second item after the string', '"a", "b"'],
    ['a backslash escaping something else', '"a\\nb"'],
    ['a trailing backslash', '"ab\\"'],
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

  it('is the same for a GET query and a POST body with the same inputs, once validated', async () => {
    class Input {
      @IsOptional()
      @IsInt()
      @Min(1)
      @Max(100)
      limit: number = 20;

      @IsOptional()
      @IsBoolean()
      flag?: boolean;

      @IsOptional()
      @IsArray()
      @IsString({ each: true })
      chains?: string[];
    }
    const schema = inputSchemaOf(Input);
    const fromQuery = await parseToolInput(Input, { flag: 'true', chains: 'solana', limit: '7' }, 'query', schema);
    const fromBody = await parseToolInput(Input, { chains: ['solana'], limit: 7, flag: true }, 'body', schema);
    expect(requestFingerprint('t', fromQuery)).toBe(requestFingerprint('t', fromBody));
    // The default is part of the input: omitting a field and sending its default are one request.
    const defaulted = await parseToolInput(Input, {}, 'query', schema);
    expect(requestFingerprint('t', defaulted)).toBe(requestFingerprint('t', await parseToolInput(Input, { limit: 20 }, 'body', schema)));
    expect(requestFingerprint('t', fromQuery)).not.toBe(
      requestFingerprint('t', await parseToolInput(Input, { flag: 'false', chains: 'solana', limit: '7' }, 'query', schema)),
    );
  });

  it('reads class instances (validated DTOs) by their own fields', () => {
    class Input {
      limit = 20;
      mode?: string = 'ok';
    }
    expect(requestFingerprint('t', new Input())).toBe(requestFingerprint('t', { mode: 'ok', limit: 20 }));
  });
});
