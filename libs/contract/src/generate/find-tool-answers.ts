import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/** One tool handler as its source declares it: the tool's name and the named type of its `data`. */
export interface ToolAnswerSite {
  tool: string;
  /** The type argument of `Promise<ToolResult<...>>`, e.g. `WalletAgeData`. */
  dataType: string;
  /** Where the type can be imported from: a path relative to the repository (no extension), or `@scout/<lib>`. */
  from: string;
  /** The handler's file and method, for messages. */
  file: string;
  method: string;
}

/**
 * Reads the `@Tool({ name: '...' })` handlers of the given files (paths relative to `root`) and the
 * named type each returns as `Promise<ToolResult<Type>>`. A handler without one is an error: its
 * answer would have no schema.
 */
export function findToolAnswers(root: string, files: string[]): ToolAnswerSite[] {
  const sites: ToolAnswerSite[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(resolve(root, file), 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      if (ts.isMethodDeclaration(node)) {
        const tool = toolNameOf(node);
        if (tool) {
          const method = node.name.getText(source);
          const dataType = dataTypeOf(node);
          if (!dataType) problems.push(`${file} ${method} (${tool}): return Promise<ToolResult<NamedType>>`);
          else sites.push({ tool, dataType, from: importSource(root, file, source, dataType), file, method });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  if (problems.length) throw new Error(`tool handlers without a named answer type:\n${problems.join('\n')}`);
  return sites.sort((a, b) => a.tool.localeCompare(b.tool));
}

/** The `name` of a method's `@Tool({...})` decorator, if it has one. */
function toolNameOf(method: ts.MethodDeclaration): string | null {
  for (const decorator of ts.getDecorators(method) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'Tool') continue;
    const options = call.arguments[0];
    if (!options || !ts.isObjectLiteralExpression(options)) continue;
    for (const property of options.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === 'name' && ts.isStringLiteral(property.initializer)) return property.initializer.text;
    }
  }
  return null;
}

/** `X` of a `Promise<ToolResult<X>>` return annotation, when X is a plain type name. */
function dataTypeOf(method: ts.MethodDeclaration): string | null {
  const promise = method.type;
  if (!promise || !ts.isTypeReferenceNode(promise) || promise.typeName.getText() !== 'Promise') return null;
  const result = promise.typeArguments?.[0];
  if (!result || !ts.isTypeReferenceNode(result) || result.typeName.getText() !== 'ToolResult') return null;
  const data = result.typeArguments?.[0];
  if (!data || !ts.isTypeReferenceNode(data) || data.typeArguments || !ts.isIdentifier(data.typeName)) return null;
  return data.typeName.text;
}

/**
 * Where a type a file uses can be imported from: the module it imports it from (a relative import
 * made relative to the repository), or the file itself when it declares the type.
 */
export function importSource(root: string, file: string, source: ts.SourceFile, typeName: string): string {
  const imported = importedNames(source).get(typeName);
  if (imported === undefined) return withoutExtension(file);
  return imported.startsWith('.') ? withoutExtension(relative(root, resolve(root, dirname(file), imported))) : imported;
}

/** Names imported into a file, with the module each comes from. */
function importedNames(source: ts.SourceFile): Map<string, string> {
  const names = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) names.set(element.name.text, statement.moduleSpecifier.text);
  }
  return names;
}

const withoutExtension = (path: string) => path.replace(/\.ts$/, '');
