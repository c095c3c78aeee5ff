import type { ValidationIssue } from '@scout/core';
import type { CreateAlertInput } from './alerts.dto';

/**
 * The rules between fields that the DTO's per-field checks cannot state: what each kind needs and
 * refuses, and what each channel needs and refuses. Empty when the input is coherent.
 */
export function alertInputIssues(input: CreateAlertInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (input.kind === 'smart_money_buy') {
    if (input.priceUsd !== undefined) issues.push({ path: 'priceUsd', message: 'priceUsd is for price_above and price_below, not smart_money_buy' });
  } else {
    if (input.priceUsd === undefined) issues.push({ path: 'priceUsd', message: `priceUsd is required for ${input.kind}` });
    if (input.minTraders !== undefined) issues.push({ path: 'minTraders', message: `minTraders is for smart_money_buy, not ${input.kind}` });
  }
  if (input.channel === 'webhook') {
    if (input.webhookUrl === undefined) issues.push({ path: 'webhookUrl', message: 'webhookUrl is required for channel webhook' });
    if (input.email !== undefined) issues.push({ path: 'email', message: 'email is for channel email, not webhook' });
  } else {
    if (input.email === undefined) issues.push({ path: 'email', message: 'email is required for channel email' });
    if (input.webhookUrl !== undefined) issues.push({ path: 'webhookUrl', message: 'webhookUrl is for channel webhook, not email' });
  }
  return issues;
}
