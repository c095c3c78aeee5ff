import {
  AllowsLineBreaks,
  AllowsNullsWithin,
  lineBreakFieldsOf,
  nullsWithinFieldsOf,
  MAX_INPUT_DEPTH,
  MAX_SCREEN_ISSUES,
  nestsDeeperThan,
  screenInput,
} from './input-screen';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('screenInput: the checks every input gets before its DTO', () => {
  it('passes ordinary input', () => {
    expect(screenInput({ symbol: 'ETH', limit: 5, flag: false, tokens: [{ chain: 'base', address: '0xabc' }], text: 'ünïcødé 🚀' })).toEqual([]);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'])(
    'refuses the prototype-named field %s at any depth, like an unknown field',
    (name) => {
      const top = JSON.parse(`{"${name}": 1}`) as unknown;
      expect(screenInput(top)).toEqual([{ path: name, message: `unknown field "${name}"` }]);
      const deep = JSON.parse(`{"tokens": [{"chain": "base", "${name}": {}}]}`) as unknown;
      expect(screenInput(deep)).toEqual([{ path: `tokens.0.${name}`, message: `unknown field "${name}"` }]);
    },
  );

  it('takes list items named like prototype fields as values', () => {
    expect(screenInput({ chains: ['constructor', 'toString'] })).toEqual([]);
  });

  it.each([0x00, 0x01, 0x09, 0x0a, 0x0d, 0x1b, 0x1f, 0x7f])('refuses control character U+%s in strings and field names', (code) => {
    const char = String.fromCharCode(code);
    expect(screenInput({ protocol: `a${char}b` })).toEqual([
      { path: 'protocol', message: 'protocol must not contain control characters (U+0000-U+001F, U+007F)' },
    ]);
    expect(screenInput({ chains: ['ok', `x${char}`] })).toEqual([
      { path: 'chains.1', message: 'chains.1 must not contain control characters (U+0000-U+001F, U+007F)' },
    ]);
    expect(screenInput({ [`li${char}mit`]: 1 })).toEqual([{ path: 'li\uFFFDmit', message: 'field names must not contain control characters' }]);
  });

  it('lets the fields marked @AllowsLineBreaks (and inherited) hold tabs and line breaks, nothing else', () => {
    class Reason {
      @AllowsLineBreaks() reason?: string;
      label?: string;
    }
    class PlanChange extends Reason {
      plan?: string;
    }
    const fields = lineBreakFieldsOf(PlanChange);
    expect([...fields]).toEqual(['reason']);
    expect(screenInput({ reason: 'first line\r\nsecond\tline' }, '', fields)).toEqual([]);
    expect(screenInput({ reason: 'bell\u0007', label: 'a\nb', nested: { reason: 'a\nb' } }, '', fields).map((i) => i.path)).toEqual([
      'reason',
      'label',
      'nested.reason',
    ]);
    expect([...lineBreakFieldsOf(undefined)]).toEqual([]);
  });

  it('lets nulls stand inside the fields marked @AllowsNullsWithin, never the field itself nor elsewhere', () => {
    class Compare {
      @AllowsNullsWithin() before?: object;
      beforeId?: string;
    }
    const fields = nullsWithinFieldsOf(Compare);
    expect([...fields]).toEqual(['before']);
    expect(screenInput({ before: { priceUsd: null, holders: [{ userId: null }] } }, '', new Set(), fields)).toEqual([]);
    expect(screenInput({ before: null, beforeId: null, beforeX: { a: null } }, '', new Set(), fields).map((i) => i.path)).toEqual([
      'before',
      'beforeId',
      'beforeX.a',
    ]);
  });

  it('refuses a lone surrogate in a value or a field name, and takes a well-formed pair', () => {
    expect(screenInput({ trader: '\ud800' })).toEqual([{ path: 'trader', message: 'trader must be valid Unicode (it holds a lone surrogate)' }]);
    expect(screenInput({ q: 'ab\udc00' })).toEqual([{ path: 'q', message: 'q must be valid Unicode (it holds a lone surrogate)' }]);
    expect(screenInput({ ['k\ud800']: 1 })).toEqual([{ path: 'k\uFFFD', message: 'field names must be valid Unicode (no lone surrogate)' }]);
    expect(screenInput({ q: 'rocket \ud83d\ude80', list: ['\u00e9'] })).toEqual([]);
  });

  it('takes characters just outside the control ranges', () => {
    expect(screenInput({ a: ' ~\u0080\u00a0\u2028\uFFFD' })).toEqual([]);
  });

  it.each([' ', '\u2028\u2029', '\ufeff', '\u200b\u200d', '\u00a0\u3000', '\u202e'])('refuses the blank string %j, at the top and in a list', (blank) => {
    expect(screenInput({ q: blank })).toEqual([{ path: 'q', message: 'q is blank: it holds only spaces or invisible characters' }]);
    expect(screenInput({ symbols: ['ETH', blank] })).toEqual([
      { path: 'symbols.1', message: 'symbols.1 is blank: it holds only spaces or invisible characters' },
    ]);
  });

  it('takes the empty string (length rules judge it), text with spaces around it, and blanks inside copied answers', () => {
    class Copy {
      @AllowsNullsWithin() before?: unknown;
    }
    expect(screenInput({ q: '', name: ' a\u200b ' })).toEqual([]);
    expect(screenInput({ before: { token: { name: '\u200b' } } }, '', new Set(), nullsWithinFieldsOf(Copy))).toEqual([]);
  });

  it('refuses explicit null, naming the field', () => {
    expect(screenInput({ chains: null })).toEqual([{ path: 'chains', message: 'chains must not be null: leave the field out to use its default' }]);
    expect(screenInput({ chains: ['base', null] })).toEqual([{ path: 'chains.1', message: 'chains.1 must not be null' }]);
  });

  it('refuses a list directly inside a list', () => {
    expect(screenInput({ tokens: [[]] })).toEqual([{ path: 'tokens.0', message: 'tokens.0 must not be a list: no input takes a list of lists' }]);
    expect(screenInput({ tokens: [{ list: [] }] })).toEqual([]);
  });

  it(`refuses nesting deeper than ${MAX_INPUT_DEPTH} levels without recursing`, () => {
    expect(screenInput(nested(MAX_INPUT_DEPTH))).toEqual([]);
    expect(screenInput(nested(MAX_INPUT_DEPTH + 1))).toEqual([
      { path: Array(MAX_INPUT_DEPTH).fill('a').join('.'), message: `the input nests deeper than ${MAX_INPUT_DEPTH} levels` },
    ]);
    expect(() => screenInput(nested(100_000))).not.toThrow();
  });

  it('prefixes paths with the root it is given, and stops after MAX_SCREEN_ISSUES issues', () => {
    expect(screenInput('a\u0000', 'q')).toEqual([{ path: 'q', message: 'q must not contain control characters (U+0000-U+001F, U+007F)' }]);
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, null]));
    expect(screenInput(many)).toHaveLength(MAX_SCREEN_ISSUES);
  });
});

describe('nestsDeeperThan', () => {
  it('counts the top level as 1 and scalars as no level', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan({ a: 1 }, 1)).toBe(false);
    expect(nestsDeeperThan({ a: { b: 1 } }, 1)).toBe(true);
    expect(nestsDeeperThan([[[]]], 3)).toBe(false);
    expect(nestsDeeperThan([[[[]]]], 3)).toBe(true);
    expect(nestsDeeperThan(nested(100_000), 32)).toBe(true);
  });
});
