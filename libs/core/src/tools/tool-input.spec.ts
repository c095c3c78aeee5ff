import { Type } from 'class-transformer';
import { IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, Min, ValidateBy, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { inlineSchema } from './tool-input';
import { InvalidRequestError } from '../errors/scout-error';
import { coerceQuery, parseJsonQueryFields } from './query-input';
import { inputSchemaOf, parseToolInput } from './tool-input';

class Input {
  @IsOptional() @IsInt() @Min(1) @Max(10) limit: number = 5;
  @IsOptional() @IsBoolean() flag?: boolean;
  @IsOptional() @IsArray() @IsString({ each: true }) tags?: string[];
  @IsOptional() @IsString() name?: string;
}

describe('tool input', () => {
  const schema = inputSchemaOf(Input);

  it('generates a closed JSON Schema from the class-validator rules', () => {
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: {
        limit: { type: 'integer', minimum: 1, maximum: 10 },
        flag: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
        name: { type: 'string' },
      },
    });
  });

  it('drops the $ref a custom rule adds to a typed property, keeping the property inline', () => {
    class WithCustomRule {
      @IsArray() @IsString({ each: true }) @ValidateBy({ name: 'custom', validator: { validate: () => true } }) items!: string[];
    }
    const generated = inputSchemaOf(WithCustomRule) as { properties: Record<string, Record<string, unknown>> };
    expect(generated.properties.items).toEqual({ type: 'array', items: { type: 'string' } });
  });

  it('coerces query text by schema type and leaves what does not parse', () => {
    expect(coerceQuery({ limit: '3', flag: '0', tags: 'a,b', name: '12' }, schema)).toEqual({
      limit: 3,
      flag: false,
      tags: ['a', 'b'],
      name: '12',
    });
    expect(coerceQuery({ flag: '1', tags: ['a', 'b,c'] }, schema)).toEqual({ flag: true, tags: ['a', 'b', 'c'] });
    expect(coerceQuery({ limit: 'ten', flag: 'yes' }, schema)).toEqual({ limit: 'ten', flag: 'yes' });
    expect(coerceQuery({ limit: ' 7 ' }, schema)).toEqual({ limit: 7 });
  });

  it('parses valid input with defaults and refuses unknown fields with issues', async () => {
    await expect(parseToolInput(Input, {}, 'body', schema)).resolves.toMatchObject({ limit: 5 });
    const failure = parseToolInput(Input, { limit: 11, extra: true }, 'body', schema);
    await expect(failure).rejects.toBeInstanceOf(InvalidRequestError);
    await failure.catch((error: InvalidRequestError) => {
      expect(error.extra.issues).toEqual(
        expect.arrayContaining([
          { path: 'limit', message: 'limit must not be greater than 10' },
          { path: 'extra', message: 'unknown field "extra"' },
        ]),
      );
      expect(error.extra.issues).toHaveLength(2);
    });
  });

  it('answers an empty input with a fresh copy of the defaults each time, and refuses it each time when a field is required', async () => {
    class Defaults {
      @IsOptional() @IsArray() @IsString({ each: true }) tags: string[] = ['a', 'b'];
    }
    const first = await parseToolInput(Defaults, {}, 'query', inputSchemaOf(Defaults));
    first.tags.push('changed by a handler');
    const second = await parseToolInput(Defaults, undefined, 'body', inputSchemaOf(Defaults));
    expect(second).toBeInstanceOf(Defaults);
    expect(second.tags).toEqual(['a', 'b']);
    // A non-empty input is still validated after the defaults passed.
    await expect(parseToolInput(Defaults, { tags: [1] }, 'body', inputSchemaOf(Defaults))).rejects.toBeInstanceOf(InvalidRequestError);

    class Required {
      @IsString() name!: string;
    }
    for (let i = 0; i < 2; i++) {
      await expect(parseToolInput(Required, {}, 'body', inputSchemaOf(Required))).rejects.toMatchObject({
        extra: { issues: [{ path: 'name', message: 'name must be a string' }] },
      });
    }
  });

  it('refuses input that is not an object', async () => {
    await expect(parseToolInput(Input, [1], 'body', schema)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(parseToolInput(Input, 'text', 'body', schema)).rejects.toBeInstanceOf(InvalidRequestError);
  });

  describe('object inputs in a query, as JSON text', () => {
    class Point {
      @IsNumber() x!: number;
      @IsOptional() @IsString() label?: string;
    }
    const POINT = { type: 'object', properties: { x: { type: 'number' }, label: { type: 'string' } } };
    class WithObjects {
      @IsOptional() @ValidateNested() @Type(() => Point) @JSONSchema(inlineSchema(POINT)) at?: Point;
      @IsOptional()
      @IsArray()
      @ValidateNested({ each: true })
      @Type(() => Point)
      @JSONSchema(inlineSchema({ type: 'array', items: POINT }))
      path?: Point[];
      @IsOptional() @IsString() name?: string;
    }
    const objectSchema = inputSchemaOf(WithObjects);
    const issuesOf = (query: Record<string, unknown>) =>
      parseToolInput(WithObjects, query, 'query', objectSchema).then(
        () => [],
        (error: InvalidRequestError) => error.extra.issues as { path: string; message: string }[],
      );

    it('parses an object field and a list of objects (one JSON array, or one object per repeated key)', async () => {
      const parsed = await parseToolInput(WithObjects, { at: '{"x":1,"label":"a"}', path: '[{"x":2},{"x":3}]', name: '{"x":1}' }, 'query', objectSchema);
      expect(parsed.at).toEqual({ x: 1, label: 'a' });
      expect(parsed.path?.map((p) => p.x)).toEqual([2, 3]);
      expect(parsed.name).toBe('{"x":1}');
      const repeated = await parseToolInput(WithObjects, { path: ['{"x":4}', '{"x":5}'] }, 'query', objectSchema);
      expect(repeated.path?.map((p) => p.x)).toEqual([4, 5]);
    });

    it('in a list of objects or text, parses only the values that look like JSON, keeping comma lists of text', () => {
      const mixed = { type: 'object', properties: { refs: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'object' }] } } } };
      const { query, issues } = parseJsonQueryFields({ refs: ['base:0xa,eth:0xb', '{"chain":"sol","address":"x"}', '[{"chain":"bsc"}]'] }, mixed);
      expect(issues).toEqual([]);
      expect(coerceQuery(query, mixed)).toEqual({ refs: ['base:0xa', 'eth:0xb', { chain: 'sol', address: 'x' }, { chain: 'bsc' }] });
      expect(parseJsonQueryFields({ refs: '{chain' }, mixed).issues).toEqual([{ path: 'refs', message: expect.stringContaining('not valid JSON') }]);
    });

    it('is a 400 naming the field when the text is not JSON, or the object is given twice', async () => {
      expect(await issuesOf({ at: '{x:1}' })).toEqual([{ path: 'at', message: expect.stringContaining('not valid JSON') }]);
      expect(await issuesOf({ path: ['{"x":1}', 'nope'] })).toEqual([{ path: 'path', message: expect.stringContaining('not valid JSON') }]);
      expect(await issuesOf({ at: ['{"x":1}', '{"x":2}'] })).toEqual([{ path: 'at', message: 'give it once, as one JSON object' }]);
    });

    it('validates and screens what it parsed exactly as a body', async () => {
      expect(await issuesOf({ at: '{"x":"one"}' })).toEqual([expect.objectContaining({ path: 'at.x' })]);
      expect(await issuesOf({ at: '{"x":1,"extra":2}' })).toEqual([{ path: 'at.extra', message: 'unknown field "extra"' }]);
      expect(await issuesOf({ at: '{"x":1,"__proto__":{"polluted":true}}' })).not.toEqual([]);
      expect(await issuesOf({ at: `{"x":1,"label":"a\u0000b"}` })).not.toEqual([]);
      const deep = `${'{"label":'.repeat(40)}1${'}'.repeat(40)}`;
      expect(await issuesOf({ at: deep })).toEqual([expect.objectContaining({ message: expect.stringMatching(/deep|nest/i) })]);
      expect(await issuesOf({ at: '"just text"' })).not.toEqual([]);
      expect(await issuesOf({ at: 'null' })).not.toEqual([]);
    });
  });
});
