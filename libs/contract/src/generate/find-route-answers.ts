import { readFileSync } from 'node:fs';
import * as ts from 'typescript';
import { routeKey } from '../answer-schemas';
import { importSource } from './find-tool-answers';

/** One HTTP route as its controller declares it: the route and the named type it answers. */
export interface RouteAnswerSite {
  /** `GET /api/v1/me/keys/{keyId}`: the method and the path as OpenAPI writes it. */
  route: string;
  /** The type of `Promise<Type>` (or `Type`) the handler returns, e.g. `OwnKeyList`. */
  dataType: string;
  /** Where the type can be imported from: a path relative to the repository (no extension), or `@scout/<lib>`. */
  from: string;
  /** The handler's file and method, for messages. */
  file: string;
  method: string;
}

const VERBS: Record<string, string> = { Get: 'GET', Post: 'POST', Put: 'PUT', Delete: 'DELETE', Patch: 'PATCH' };
/**
 * Return types that publish no JSON schema: the handler writes its own answer (`void`: a CSV
 * stream), answers text (`string`: llms.txt), or a document with a schema of its own (OpenAPI).
 */
const UNPUBLISHED = new Set(['void', 'Promise<void>', 'string', 'Record<string, unknown>']);

/**
 * Reads the routes of the `@Controller` classes in the given files (paths relative to `root`) and
 * the named type each handler declares it returns. A handler without a declared named type is an
 * error: its answer would have no schema (UNPUBLISHED lists the return types that publish none).
 */
export function findRouteAnswers(root: string, files: string[]): RouteAnswerSite[] {
  const sites: RouteAnswerSite[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(`${root}/${file}`, 'utf8'), ts.ScriptTarget.ES2022, true);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      const prefix = decoratorArgument(statement, 'Controller');
      if (prefix === null) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member)) continue;
        const verb = Object.keys(VERBS).find((name) => decoratorArgument(member, name) !== null);
        if (!verb) continue;
        const route = routeKey(VERBS[verb], joinPath(prefix, decoratorArgument(member, verb)!));
        const method = member.name.getText(source);
        const declared = member.type?.getText(source).replace(/\s+/g, ' ');
        if (declared && UNPUBLISHED.has(declared)) continue;
        const dataType = namedTypeOf(member.type);
        if (!dataType) {
          problems.push(`${file} ${method} (${route}): declare its answer as Promise<NamedType> or NamedType`);
          continue;
        }
        sites.push({ route, dataType, from: importSource(root, file, source, dataType), file, method });
      }
    }
  }
  if (problems.length) throw new Error(`route handlers without a named answer type:\n${problems.join('\n')}`);
  const seen = new Set<string>();
  for (const site of sites) {
    if (seen.has(site.route)) throw new Error(`two handlers answer ${site.route}`);
    seen.add(site.route);
  }
  return sites.sort((a, b) => a.route.localeCompare(b.route));
}

/** The string argument of a decorator (`''` when it has none), or null when the node lacks it. */
function decoratorArgument(node: ts.HasDecorators, name: string): string | null {
  for (const decorator of ts.getDecorators(node) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== name) continue;
    const argument = call.arguments[0];
    if (!argument) return '';
    if (ts.isStringLiteral(argument)) return argument.text;
  }
  return null;
}

/** `/api/v1/me` + `keys/:keyId` → `/api/v1/me/keys/:keyId`, as Express routes it. */
function joinPath(prefix: string, path: string): string {
  return `/${[prefix, path].filter(Boolean).join('/')}`.replace(/\/+/g, '/').replace(/\/$/, '');
}

/** `X` of a `Promise<X>` or `X` annotation, when X is a plain type name. */
function namedTypeOf(type: ts.TypeNode | undefined): string | null {
  let node = type;
  if (node && ts.isTypeReferenceNode(node) && node.typeName.getText() === 'Promise') node = node.typeArguments?.[0];
  if (!node || !ts.isTypeReferenceNode(node) || node.typeArguments || !ts.isIdentifier(node.typeName)) return null;
  return node.typeName.text;
}
