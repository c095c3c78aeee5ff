import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { inputSchemaOf, parseToolInput } from '../tools/tool-input';
import { Limit } from './limit';

class Spelled {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  @JSONSchema({ description: 'Rows to return, 1-200.', default: 50 })
  limit: number = 50;
}

class WithLimit {
  @Limit(200, 50, 'Rows to return, 1-200.')
  limit: number = 50;
}

class WithoutDefault {
  @Limit(100, undefined, 'Rows to return.')
  limit?: number;
}

describe('Limit', () => {
  it('gives the schema of the five decorators it stands for', () => {
    expect(inputSchemaOf(WithLimit)).toEqual(inputSchemaOf(Spelled));
    expect(inputSchemaOf(WithoutDefault).properties).toEqual({ limit: { type: 'integer', minimum: 1, maximum: 100, description: 'Rows to return.' } });
  });

  it.each([{}, { limit: 1 }, { limit: 200 }, { limit: 0 }, { limit: 201 }, { limit: 2.5 }, { limit: '7' }])('judges %p as they do', async (raw) => {
    const outcome = async (dto: typeof Spelled | typeof WithLimit) =>
      parseToolInput(dto, raw, 'body', inputSchemaOf(dto)).then(
        (value) => ({ limit: value.limit }),
        (err: Error) => err.message,
      );
    expect(await outcome(WithLimit)).toEqual(await outcome(Spelled));
  });

  it('refuses a limit above its max with the message of Max', async () => {
    await expect(parseToolInput(WithLimit, { limit: 201 }, 'body', inputSchemaOf(WithLimit))).rejects.toThrow(
      'Invalid input: limit: limit must not be greater than 200',
    );
  });
});
