import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AuditQueryDto, LedgerQueryDto } from '../admin/admin.dto';
import { OwnLedgerQueryDto } from '../me/me.dto';

/** The query string as ValidationPipe turns it into a DTO: strings in, the rules' failing fields out. */
function parse<T extends object>(dto: new () => T, query: Record<string, string>) {
  const value = plainToInstance(dto, query);
  return { value, invalid: validateSync(value, { forbidUnknownValues: true }).map((e) => e.property) };
}

describe('CursorPageQueryDto, as the admin ledger, the audit log and the own ledger take it', () => {
  it.each([
    ['admin ledger', LedgerQueryDto],
    ['audit log', AuditQueryDto],
    ['own ledger', OwnLedgerQueryDto],
  ] as const)('%s: 50 rows by default, 1-500, a positive integer cursor', (_name, dto) => {
    expect(parse(dto, {})).toMatchObject({ value: { limit: 50 }, invalid: [] });
    expect(parse(dto, { limit: '500', before: '7' })).toMatchObject({ value: { limit: 500, before: 7 }, invalid: [] });
    for (const limit of ['0', '501', '2.5', 'many']) expect(parse(dto, { limit }).invalid).toEqual(['limit']);
    for (const before of ['0', 'abc', '99999999999999999999']) expect(parse(dto, { before }).invalid).toEqual(['before']);
  });

  it('the admin ledger keeps its period and filters beside the page', () => {
    expect(parse(LedgerQueryDto, { from: '2026-11-01T00:00:00Z', kind: 'usage,refund', tool: 'service_account' })).toMatchObject({
      value: { from: '2026-11-01T00:00:00Z', kind: ['usage', 'refund'], tool: 'service_account', limit: 50 },
      invalid: [],
    });
    expect(parse(LedgerQueryDto, { from: 'yesterday' }).invalid).toEqual(['from']);
  });
});
