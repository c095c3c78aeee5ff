import { IsArray, IsBoolean, IsInt, IsOptional, IsString, Max, Min, ValidateBy } from 'class-validator';
import { InvalidRequestError } from '../errors/scout-error';
import { coerceQuery, inputSchemaOf, parseToolInput } from './tool-input';

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

  it('refuses input that is not an object', async () => {
    await expect(parseToolInput(Input, [1], 'body', schema)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(parseToolInput(Input, 'text', 'body', schema)).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
