import { plainToInstance } from 'class-transformer';
import type { ValidationArguments } from 'class-validator';
import { AppConfig } from '@scout/core';
import { joinWords } from './configuration-doc-comments';
import { code } from './markdown';

/** A custom message without the setting's name it opens with (`PORT must be...` → `must be...`). */
function messageOf(message: ValidationMetadataLike['message'], name: string): string | null {
  if (typeof message !== 'string' || message === '') return null;
  return message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
}

export type ValidationMetadataLike = { name?: string; type: string; constraints?: unknown[]; message?: string | ((args: ValidationArguments) => string) };

/** The words a boolean setting accepts: what its transform turns into true or false (probed, so the document follows the code). */
function booleanWords(name: string): string {
  const probe = (word: string) => (plainToInstance(AppConfig, { [name]: word }) as unknown as Record<string, unknown>)[name];
  const pairs = [
    ['true', 'false'],
    ['1', '0'],
    ['yes', 'no'],
    ['on', 'off'],
  ].filter(([yes, no]) => probe(yes) === true && probe(no) === false);
  const anyCase = pairs.flat().every((word) => probe(word.toUpperCase()) === probe(word));
  const words = pairs.map(([yes, no]) => `${code(yes)}/${code(no)}`);
  return `boolean: ${joinWords(words, 'or')}${anyCase ? ' (any case)' : ''}`;
}

/**
 * What a setting's validation accepts, in words, from its class-validator metadata. A decorator
 * with no wording here stops the generator, so a new kind of rule gets one before it is documented.
 */
export function acceptsOf(name: string, metadata: ValidationMetadataLike[]): string {
  const rules = new Map(metadata.filter((m) => m.type === 'customValidation').map((m) => [m.name ?? '', m]));
  const kind: string[] = [];
  const limits: string[] = [];
  for (const [rule, meta] of rules) {
    const [constraint] = meta.constraints ?? [];
    switch (rule) {
      case 'isInt':
        kind.push('integer');
        break;
      case 'isNumber':
        kind.push('number');
        break;
      case 'isString':
        if (!rules.has('matches')) kind.push('text');
        break;
      case 'isBoolean':
        kind.push(booleanWords(name));
        break;
      case 'isUrl': {
        const options = (constraint ?? {}) as { protocols?: string[] };
        kind.push(options.protocols ? `${options.protocols.join(' or ')} URL` : 'URL');
        break;
      }
      case 'isPositive':
        limits.push('> 0');
        break;
      case 'min':
      case 'max':
        break;
      case 'isIn':
        kind.push(`one of ${(constraint as unknown[]).map((value) => code(String(value))).join(', ')}`);
        break;
      case 'matches':
        kind.push(`text that ${messageOf(meta.message, name) ?? `matches ${code(String(constraint))}`}`);
        break;
      default:
        throw new Error(`${name}: no wording for the validation rule "${rule}" (add one to acceptsOf in configuration-doc-accepts.ts)`);
    }
  }
  const min = rules.get('min')?.constraints?.[0] as number | undefined;
  const max = rules.get('max')?.constraints?.[0] as number | undefined;
  if (min !== undefined && max !== undefined) limits.unshift(`${min}-${max}`);
  else if (min !== undefined) limits.unshift(`≥ ${min}`);
  else if (max !== undefined) limits.push(`≤ ${max}`);
  return [kind.join(', '), ...limits].filter((part) => part !== '').join(', ');
}
