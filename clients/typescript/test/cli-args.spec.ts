import { collectInputs, convertValue, itemFlags, readCatalog, singularOf, typeLabel, UsageError, type CliTool } from '../src/cli-args';

const tool: CliTool = {
  name: 'service_example',
  cost: 250,
  summary: 'An example.',
  requiresKey: true,
  inputSchema: {
    required: ['trader'],
    properties: {
      trader: { type: 'string' },
      chain: { type: 'string', enum: ['solana', 'base'] },
      limit: { type: 'integer' },
      minUsd: { type: 'number' },
      deep: { type: 'boolean' },
      chains: { type: 'array', items: { type: 'string' } },
      counts: { type: 'array', items: { type: 'integer' } },
      tokens: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'object' }] } },
      before: { type: 'object' },
      since: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    },
  },
};

const body = (...args: string[]) => {
  const request = collectInputs(tool, args);
  if (request.kind !== 'call') throw new Error('expected a call');
  return request.body;
};
const usage = (...args: string[]) => {
  try {
    collectInputs(tool, args);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error(`no usage error for ${args.join(' ')}`);
};

describe('convertValue: a flag text as the value its schema takes', () => {
  it.each([
    [{ type: 'integer' }, '42', 42],
    [{ type: 'integer' }, '-7', -7],
    [{ type: 'number' }, '1.5', 1.5],
    [{ type: 'number' }, '-0.25', -0.25],
    [{ type: 'number' }, '3', 3],
    [{ type: 'boolean' }, 'true', true],
    [{ type: 'boolean' }, 'false', false],
    [{ type: 'string' }, '42', '42'],
    [{ type: 'string' }, '{"not":"parsed"}', '{"not":"parsed"}'],
    [{ type: 'object' }, '{"a":1}', { a: 1 }],
    [{ type: 'array', items: { type: 'object' } }, '[{"a":1}]', [{ a: 1 }]],
    [{ type: ['integer', 'null'] }, 'null', null],
    [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, '1700000000', 1700000000],
    [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, '2026-11-20T12:00:00Z', '2026-11-20T12:00:00Z'],
    [{}, '{"free":true}', { free: true }],
    [{}, 'plain', 'plain'],
  ])('%j %s -> %j', (schema, text, value) => {
    expect(convertValue('x', text, schema)).toEqual(value);
  });

  it.each([
    [{ type: 'integer' }, '1.5', '--x takes an integer, not "1.5"'],
    [{ type: 'integer' }, 'ten', '--x takes an integer, not "ten"'],
    [{ type: 'number' }, '', '--x takes a number, not ""'],
    [{ type: 'number' }, 'NaN', '--x takes a number, not "NaN"'],
    [{ type: 'boolean' }, 'yes', '--x takes true or false, not "yes"'],
    [{ type: 'object' }, '[1]', '--x takes a JSON object'],
    [{ type: 'object' }, '{oops', '--x takes JSON text here; "{oops" is not JSON'],
    [{ type: 'array' }, '{}', '--x takes a JSON list'],
    [{ anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, 'x', '--x takes integer|boolean; "x" is none of them'],
  ])('%j %s is a usage error', (schema, text, message) => {
    expect(() => convertValue('x', text, schema)).toThrow(new UsageError(message));
  });
});

describe('collectInputs: scout call <tool> flags as the JSON body', () => {
  it('converts each flag by the input schema', () => {
    expect(body('--trader', 'alice', '--limit', '20', '--minUsd', '-1.5', '--chain', 'solana', '--since', '1700000000')).toEqual({
      trader: 'alice',
      limit: 20,
      minUsd: -1.5,
      chain: 'solana',
      since: 1700000000,
    });
    expect(body('--trader=alice', '--limit=20')).toEqual({ trader: 'alice', limit: 20 });
    expect(body()).toEqual({});
  });

  it('takes booleans as --flag, --flag true|false, --flag=false and --no-flag', () => {
    expect(body('--deep')).toEqual({ deep: true });
    expect(body('--deep', 'false')).toEqual({ deep: false });
    expect(body('--deep', 'true', '--limit', '1')).toEqual({ deep: true, limit: 1 });
    expect(body('--deep=false')).toEqual({ deep: false });
    expect(body('--no-deep')).toEqual({ deep: false });
    expect(usage('--deep=maybe')).toBe('--deep takes true or false, not "maybe"');
    expect(usage('--deep', '--no-deep')).toBe('--deep is given twice');
  });

  it('takes a list as JSON text or one item per flag, items converted by the item schema', () => {
    expect(body('--chains', '["solana","base"]')).toEqual({ chains: ['solana', 'base'] });
    expect(body('--chains', 'solana')).toEqual({ chains: ['solana'] });
    expect(body('--chains', 'solana', '--chains', 'base')).toEqual({ chains: ['solana', 'base'] });
    expect(body('--counts', '1', '--counts', '2')).toEqual({ counts: [1, 2] });
    expect(body('--tokens', 'solana:abc', '--tokens', '{"chain":"base","address":"0x1"}')).toEqual({
      tokens: ['solana:abc', { chain: 'base', address: '0x1' }],
    });
    expect(usage('--counts', 'one')).toBe('--counts takes an integer, not "one"');
    expect(usage('--chains', '["solana"]', '--chains', 'base')).toMatch(/^--chains: give the list once as JSON/);
  });

  it('takes one item per singular flag for a list named in the plural (--count for counts), unless the singular is an input', () => {
    expect(itemFlags(tool)).toEqual(
      new Map([
        ['count', 'counts'],
        ['token', 'tokens'],
      ]),
    );
    expect(body('--count', '1', '--counts', '2', '--count', '3')).toEqual({ counts: [1, 2, 3] });
    expect(body('--token', 'solana:abc')).toEqual({ tokens: ['solana:abc'] });
    // `chain` is an input of its own here, so it is not an item of `chains`.
    expect(body('--chain', 'solana', '--chains', 'base')).toEqual({ chain: 'solana', chains: ['base'] });
    expect(usage('--count', 'x')).toBe('--count takes an integer, not "x"');
    expect(usage('--count')).toBe('--count needs a value (integer)');
    expect(usage('--counts', '[1]', '--count', '2')).toMatch(/^--counts: give the list once as JSON/);
  });

  it.each([
    ['chains', 'chain'],
    ['tokens', 'token'],
    ['categories', 'category'],
    ['traders', 'trader'],
    ['address', null],
    ['status', 'statu'],
    ['limit', null],
  ])('singularOf(%s) is %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
  });

  it('takes objects as JSON text', () => {
    expect(body('--before', '{"trackedHolders":[]}')).toEqual({ before: { trackedHolders: [] } });
    expect(usage('--before', 'nope')).toBe('--before takes JSON text here; "nope" is not JSON');
  });

  it('takes --json alone as the body, as it is', () => {
    expect(body('--json', '{"trader":"alice","anything":[1]}')).toEqual({ trader: 'alice', anything: [1] });
    expect(usage('--json', '[1]')).toMatch(/^--json takes a JSON object/);
    expect(usage('--json', '{')).toBe('--json is not valid JSON');
    expect(usage('--json', '{}', '--limit', '1')).toBe('give the inputs either as --json or as flags, not both');
    expect(usage('--json')).toBe('--json needs a JSON object');
  });

  it('refuses unknown flags, missing values, repeats and stray words, naming the inputs', () => {
    expect(usage('--chain2', 'x')).toBe(
      'unknown input --chain2 for service_example (did you mean --chain?); its inputs: --trader, --chain, --limit, --minUsd, --deep, --chains, --counts, --tokens, --before, --since',
    );
    expect(usage('--limt', '1')).toMatch(/^unknown input --limt for service_example \(did you mean --limit\?\)/);
    expect(usage('--network', 'solana')).toMatch(/^unknown input --network for service_example; its inputs:/);
    expect(usage('--toString', 'x')).toMatch(/^unknown input --toString/);
    expect(usage('--no-toString')).toMatch(/^unknown input --no-toString/);
    expect(usage('-x')).toMatch(/^unknown input --x/);
    expect(usage('--limit')).toBe('--limit needs a value (integer)');
    expect(usage('--trader', '--limit', '3')).toBe('--trader needs a value (string)');
    expect(usage('--limit', '1', '--limit', '2')).toBe('--limit is given 2 times');
    expect(usage('alice')).toBe('unexpected argument "alice": inputs are given as --<input> <value>');
    expect(usage('--', '--limit')).toBe('`--` is not used by scout call');
  });

  it('answers help for --help and -h', () => {
    expect(collectInputs(tool, ['--limit', '1', '--help'])).toEqual({ kind: 'help' });
    expect(collectInputs(tool, ['-h'])).toEqual({ kind: 'help' });
  });
});

describe('readCatalog and typeLabel', () => {
  it('reads the tools of GET /api/v1/tools and refuses another shape', () => {
    const tools = readCatalog({
      count: 1,
      tools: [
        { name: 'service_health', cost: 0, summary: 'Health.', requiresKey: false, inputSchema: { type: 'object', properties: { deep: { type: 'boolean' } } } },
      ],
    });
    expect(tools).toEqual([
      { name: 'service_health', cost: 0, summary: 'Health.', requiresKey: false, inputSchema: { properties: { deep: { type: 'boolean' } }, required: [] } },
    ]);
    expect(() => readCatalog({ error: { code: 'rate_limited' } })).toThrow('GET /api/v1/tools did not answer a tool list');
    expect(() => readCatalog({ tools: [{ name: 1 }] })).toThrow('GET /api/v1/tools: entry 0 is not a tool');
  });

  it.each([
    [{ type: 'integer' }, 'integer'],
    [{ type: 'array', items: { type: 'string' } }, 'string[]'],
    [{ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'object' }] } }, '(string|JSON)[]'],
    [{ anyOf: [{ type: 'integer' }, { type: 'string' }] }, 'integer|string'],
    [{ type: 'object' }, 'JSON'],
    [{ type: ['number', 'null'] }, 'number'],
  ])('%j is %s', (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });
});
