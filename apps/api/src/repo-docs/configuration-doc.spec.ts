import { resolve } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { AppConfig } from '@scout/core';
import {
  acceptsOf,
  buildConfigurationDoc,
  describeSettings,
  generateConfigurationDoc,
  groupSettings,
  readConfigComments,
  type SettingDoc,
} from './configuration-doc';

const root = resolve(__dirname, '../../../..');

/**
 * Settings AppConfig declares without a doc comment: the document says so in their row. None
 * today; a new setting must come with its comment.
 */
const WITHOUT_COMMENT_AT_START: string[] = [];

const rowOf = (doc: string, name: string) => doc.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`));

describe('docs/configuration.md', () => {
  const settings = describeSettings(root);
  const doc = generateConfigurationDoc(root);

  it('has one row per setting AppConfig validates, with its default', () => {
    const validated = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(AppConfig, '', true, false)
        .map((m) => m.propertyName),
    );
    expect(settings.map((s) => s.name).sort()).toEqual([...validated].sort());
    const defaults = new AppConfig() as unknown as Record<string, unknown>;
    for (const { name } of settings) {
      const [row, ...more] = rowOf(doc, name);
      expect({ name, more }).toEqual({ name, more: [] });
      const cell = row.split(' | ')[1];
      expect({ name, cell }).toEqual({ name, cell: defaults[name] === undefined ? 'unset' : `\`${String(defaults[name] as string | number | boolean)}\`` });
    }
  });

  it('states bounds and allowed values from the validation rules', () => {
    expect(rowOf(doc, 'PORT')[0]).toContain('| integer, 0-65535 |');
    expect(rowOf(doc, 'PAYG_USD_PER_CALL')[0]).toContain('| number, > 0, ≤ 1000 |');
    expect(rowOf(doc, 'UPSTREAM_MODE')[0]).toContain('| one of `sandbox`, `live` |');
    expect(rowOf(doc, 'ADMIN_BOOTSTRAP_KEY')[0]).toContain('| text that must look like sc_ followed by 24-128 letters, digits, _ or - |');
    expect(rowOf(doc, 'LOG_SYNC')[0]).toContain('| boolean: `true`/`false`, `1`/`0` or `yes`/`no` (any case) |');
    expect(rowOf(doc, 'OTEL_EXPORTER_OTLP_ENDPOINT')[0]).toContain('| http or https URL |');
  });

  it('gives each setting its doc comment; a setting declared right under a commented one shares it', () => {
    const comments = readConfigComments(root);
    expect(comments.intro).toMatch(/^Every setting Scout reads/);
    expect(comments.settings.get('UPSTREAM_RETRIES')).toEqual({
      meaning: comments.settings.get('UPSTREAM_TIMEOUT_MS')!.meaning,
      sharesCommentOf: 'UPSTREAM_TIMEOUT_MS',
    });
    expect(rowOf(doc, 'HOLD_GRACE_MS')[0]).toContain("How long past the tool deadline a call's hold on its credits lasts");
    const uncommented = settings.filter((s) => s.meaning === null).map((s) => s.name);
    expect(uncommented.filter((name) => !WITHOUT_COMMENT_AT_START.includes(name))).toEqual([]);
    for (const name of uncommented) expect(rowOf(doc, name)[0]).toContain('_No doc comment in AppConfig yet._');
  });

  it('says an empty value counts as unset, as AppConfig.fromEnv reads it', () => {
    expect(doc).toContain('an empty value counts as unset');
    expect(AppConfig.fromEnv({ PORT: '', LOG_FORMAT: '' })).toMatchObject({ PORT: 3000, LOG_FORMAT: undefined });
  });

  it('escapes what would break a table row', () => {
    const setting: SettingDoc = { name: 'PORT', default: 'a|b', accepts: 'text', meaning: 'Either `x|y` or <name> | z.' };
    const text = buildConfigurationDoc('Intro.', [setting, ...settings.filter((s) => s.name !== 'PORT')]);
    expect(rowOf(text, 'PORT')).toEqual(['| `PORT` | `a\\|b` | text | Either `x\\|y` or &lt;name> \\| z. |']);
  });

  it('stops on a setting no section lists, and on a rule it has no words for', () => {
    expect(() => groupSettings([...settings, { name: 'NEW_SETTING', default: 1, accepts: 'integer', meaning: 'New.' }])).toThrow(
      /NEW_SETTING is in no section: add it to SETTING_GROUPS/,
    );
    expect(() => acceptsOf('X', [{ type: 'customValidation', name: 'isEmail' }])).toThrow(/X: no wording for the validation rule "isEmail"/);
  });
});
