import { getMetadataStorage, IsInt, IsOptional, IsString, validate } from 'class-validator';
import { cacheValidationRules } from './validation-rules';

class Base {
  @IsInt()
  count!: unknown;
}

class Child extends Base {
  @IsString()
  name!: unknown;
}

class Later {
  @IsOptional()
  value?: unknown;
}

const failedRules = async (object: object) =>
  (await validate(object, { whitelist: true, forbidNonWhitelisted: true })).map((e) => `${e.property}: ${Object.keys(e.constraints ?? {}).join(',')}`).sort();

describe('cacheValidationRules', () => {
  const storage = getMetadataStorage();
  const lookup = () => storage.getTargetValidationMetadatas(Child, '', false, false, undefined);
  const uncached = lookup();

  beforeAll(() => cacheValidationRules(storage));

  it('finds the same rules, inherited ones included, and keeps them', () => {
    const first = lookup();
    expect(first).toEqual(uncached);
    expect(lookup()).toBe(first);
    // Other options are another answer.
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['admin'])).not.toBe(first);
  });

  it('validates as class-validator does', async () => {
    expect(await failedRules(Object.assign(new Child(), { count: 'x', name: 1, extra: true }))).toEqual([
      'count: isInt',
      'extra: whitelistValidation',
      'name: isString',
    ]);
    expect(await failedRules(Object.assign(new Child(), { count: 2, name: 'a' }))).toEqual([]);
  });

  it('forgets what it kept when a rule is added later', async () => {
    expect(await failedRules(Object.assign(new Later(), { value: 5 }))).toEqual([]);
    IsString()(Later.prototype, 'value');
    expect(await failedRules(Object.assign(new Later(), { value: 5 }))).toEqual(['value: isString']);
  });

  it('is installed once however often it is called', () => {
    const installed = storage.getTargetValidationMetadatas;
    cacheValidationRules(storage);
    expect(storage.getTargetValidationMetadatas).toBe(installed);
  });
});
