import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as ts from 'typescript';
import { AppConfig } from '@scout/core';

/**
 * Where the settings are declared, from the repository root: the file of each class of AppConfig's
 * chain, its first base class first and AppConfig's own file last (one class a file). Their doc
 * comments are read from them.
 */
export const APP_CONFIG_SOURCES: readonly string[] = [
  'libs/core/src/config/settings/service-settings.ts',
  'libs/core/src/config/settings/provider-settings.ts',
  'libs/core/src/config/settings/operations-settings.ts',
  'libs/core/src/config/app-config.ts',
];

/** AppConfig's class comment and each property's doc comment, as the files of its chain of classes declare them. */
export interface ConfigComments {
  intro: string;
  settings: Map<string, { meaning: string | null; sharesCommentOf?: string }>;
}

/** The text of a `/** ... *\/` comment: delimiters and leading `*` removed, whitespace made single spaces. */
function docText(comment: string): string {
  return comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `a, b or c`: the items joined by commas, the last two by the word. */
export const joinWords = (items: readonly string[], word: string) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}` : (items[0] ?? '');

/** The last `/** ... *\/` comment right before a node (after any other comments), or null. */
function leadingDoc(text: string, node: ts.Node): string | null {
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  const docs = ranges.filter((range) => range.kind === ts.SyntaxKind.MultiLineCommentTrivia && text.startsWith('/**', range.pos));
  const last = docs.at(-1);
  return last ? docText(text.slice(last.pos, last.end)) : null;
}

/** The names of AppConfig and the classes it extends, its first base class first. */
const classChain = (type: unknown): string[] =>
  typeof type === 'function' && type !== Function.prototype ? [...classChain(Object.getPrototypeOf(type)), type.name] : [];

/**
 * Reads the doc comments of AppConfig's properties from the files of its chain of classes
 * (APP_CONFIG_SOURCES), with the TypeScript compiler (syntax only, no type checking). A property
 * without a comment of its own, declared on the line right after a commented one (no blank line
 * between), shares that comment: the source writes one comment over such a pair
 * (`UPSTREAM_TIMEOUT_MS` and `UPSTREAM_RETRIES`). Stops unless each file declares one class of the
 * chain, in the chain's order.
 */
export function readConfigComments(root: string): ConfigComments {
  const chain = classChain(AppConfig);
  const declarations = APP_CONFIG_SOURCES.flatMap((path) => {
    const text = readFileSync(resolve(root, path), 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const classes = source.statements.filter((node): node is ts.ClassDeclaration => ts.isClassDeclaration(node) && chain.includes(node.name?.text ?? ''));
    return classes.map((declaration) => ({ path, text, source, declaration, name: declaration.name!.text }));
  });
  const found = declarations.map((d) => `${d.name} in ${d.path}`);
  if (chain.length !== APP_CONFIG_SOURCES.length || found.join() !== APP_CONFIG_SOURCES.map((path, i) => `${chain[i]} in ${path}`).join()) {
    throw new Error(
      `APP_CONFIG_SOURCES must list the file of ${joinWords(chain, 'then')}, one class a file; it lists ${joinWords(found, 'and') || 'none of them'}`,
    );
  }
  const settings: ConfigComments['settings'] = new Map();
  for (const { path, text, source, declaration } of declarations) {
    let previous: { name: string; meaning: string | null; end: number } | null = null;
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) {
        previous = null;
        continue;
      }
      const name = member.name.text;
      if (settings.has(name)) throw new Error(`${name} is declared again in ${path}: a setting is declared once in AppConfig's chain`);
      const own = leadingDoc(text, member);
      const adjacent = previous !== null && !/\n[ \t]*\r?\n/.test(text.slice(previous.end, member.getStart(source)));
      if (own === null && adjacent && previous?.meaning) {
        settings.set(name, { meaning: previous.meaning, sharesCommentOf: previous.name });
      } else {
        settings.set(name, { meaning: own });
      }
      previous = { name, meaning: settings.get(name)!.meaning, end: member.getEnd() };
    }
  }
  const appConfig = declarations.at(-1)!;
  return { intro: leadingDoc(appConfig.text, appConfig.declaration) ?? '', settings };
}
