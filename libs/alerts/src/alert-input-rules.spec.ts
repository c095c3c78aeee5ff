import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { alertInputIssues } from './alert-input-rules';
import { CreateAlertInput } from './alerts.dto';

const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const EVM = '0x940181a94a35a4569e4529a3cdfb74e38fd98631';

const input = (fields: Record<string, unknown>) => plainToInstance(CreateAlertInput, fields);
const fieldErrors = (fields: Record<string, unknown>) =>
  validateSync(input(fields))
    .map((e) => e.property)
    .sort();
const paths = (fields: Record<string, unknown>) =>
  alertInputIssues(input(fields))
    .map((i) => i.path)
    .sort();

const priceWebhook = { kind: 'price_above', token: MINT, chain: 'solana', priceUsd: 0.00002, channel: 'webhook', webhookUrl: 'https://hooks.example.com/x' };

describe('alert inputs', () => {
  it('takes a coherent price alert and a smart-money email alert', () => {
    expect(fieldErrors(priceWebhook)).toEqual([]);
    expect(paths(priceWebhook)).toEqual([]);
    const smart = { kind: 'smart_money_buy', token: EVM, chain: 'base', minTraders: 3, channel: 'email', email: 'me@example.com', note: 'n' };
    expect(fieldErrors(smart)).toEqual([]);
    expect(paths(smart)).toEqual([]);
  });

  it('checks the address against the chain', () => {
    expect(fieldErrors({ ...priceWebhook, chain: 'base' })).toEqual(['token']);
    expect(fieldErrors({ ...priceWebhook, token: EVM, chain: 'solana' })).toEqual(['token']);
    expect(fieldErrors({ ...priceWebhook, token: EVM, chain: 'ethereum' })).toEqual([]);
    expect(fieldErrors({ ...priceWebhook, chain: 'arbitrum' })).toContain('chain');
  });

  it('bounds minTraders to 2-20, the note to 200 characters, the price to a positive number', () => {
    const smart = { kind: 'smart_money_buy', token: MINT, chain: 'solana', channel: 'email', email: 'me@example.com' };
    expect(fieldErrors({ ...smart, minTraders: 1 })).toEqual(['minTraders']);
    expect(fieldErrors({ ...smart, minTraders: 21 })).toEqual(['minTraders']);
    expect(fieldErrors({ ...smart, minTraders: 2.5 })).toEqual(['minTraders']);
    expect(fieldErrors({ ...smart, minTraders: 20, note: 'x'.repeat(200) })).toEqual([]);
    expect(fieldErrors({ ...smart, note: 'x'.repeat(201) })).toEqual(['note']);
    expect(fieldErrors({ ...priceWebhook, priceUsd: 0 })).toEqual(['priceUsd']);
    expect(fieldErrors({ ...priceWebhook, priceUsd: -1 })).toEqual(['priceUsd']);
    expect(fieldErrors({ ...priceWebhook, kind: 'price_sideways' })).toEqual(['kind']);
    expect(fieldErrors({ ...priceWebhook, channel: 'sms' })).toEqual(['channel']);
    expect(fieldErrors({ kind: 'smart_money_buy', token: MINT, chain: 'solana', channel: 'email', email: 'not-an-email' })).toEqual(['email']);
  });

  it('needs priceUsd for the price kinds and refuses it (and takes no minTraders) elsewhere', () => {
    expect(paths({ ...priceWebhook, priceUsd: undefined })).toEqual(['priceUsd']);
    expect(paths({ ...priceWebhook, kind: 'price_below', minTraders: 2 })).toEqual(['minTraders']);
    expect(paths({ ...priceWebhook, kind: 'smart_money_buy' })).toEqual(['priceUsd']);
    expect(paths({ ...priceWebhook, kind: 'smart_money_buy', priceUsd: undefined, minTraders: 5 })).toEqual([]);
  });

  it("needs the channel's target and refuses the other one", () => {
    expect(paths({ ...priceWebhook, webhookUrl: undefined })).toEqual(['webhookUrl']);
    expect(paths({ ...priceWebhook, email: 'me@example.com' })).toEqual(['email']);
    expect(paths({ ...priceWebhook, channel: 'email' })).toEqual(['email', 'webhookUrl']);
    expect(paths({ ...priceWebhook, channel: 'email', webhookUrl: undefined, email: 'me@example.com' })).toEqual([]);
  });
});
