import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { anchors, CODE_SPAN, fencedLines } from './markdown';

/** A link of a markdown file, where it is. */
export interface MarkdownLink {
  line: number;
  target: string;
  /**
   * `link`: a markdown or HTML link or image, resolved from the file's folder; `code`: a code span
   * that is a path starting `../`, resolved the same way; `path`: a code span naming a path under
   * one of the repository's top-level folders (`libs/core/src/config/app-config.ts`), resolved
   * from the repository's root (globs and placeholders such as `*` or `<name>` are left alone).
   */
  kind: 'link' | 'code' | 'path';
}

/** A link that does not resolve, and why. */
export interface BrokenLink extends MarkdownLink {
  file: string;
  problem: string;
}

/** The documents whose links are checked: README.md and every markdown file in docs/. */
export function checkedFiles(root: string): string[] {
  const docs = existsSync(resolve(root, 'docs')) ? readdirSync(resolve(root, 'docs')).filter((name) => name.endsWith('.md')) : [];
  return ['README.md', ...docs.sort().map((name) => join('docs', name))];
}

/** `[text](target "title")` and `![alt](target)`: the target, in angle brackets or up to white space or the closing parenthesis (balanced ones allowed). */
const INLINE_LINK = /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g;
/** `[label]: target` (a reference definition). */
const DEFINITION = /^ {0,3}\[[^\]]+\]:\s*(<[^>\n]*>|\S+)/;
/** `<a href="...">`, `<img src="...">`. */
const HTML_LINK = /<(?:a|img)\b[^>]*?\s(?:href|src)\s*=\s*["']([^"']*)["']/gi;
/** A code span that is only a path climbing out of the file's folder: `../shared/spec/api-spec.md`. */
const PARENT_PATH = /^\.\.\/\S*$/;

/** A code span that is a path in one of the given top-level folders, possibly with a `:line` suffix; no glob or placeholder. */
const repoPath = (content: string, topLevel: ReadonlySet<string>) =>
  /^[\w.-]+\/[\w./@+-]*(:\d+)*$/.test(content) && topLevel.has(content.split('/')[0]) ? content.replace(/(:\d+)+$/, '') : null;

/**
 * Every link of a markdown document outside fenced code, code spans that name a `../` path, and
 * code spans naming a path in one of the `topLevel` folders of the repository.
 */
export function linksOf(markdown: string, topLevel: ReadonlySet<string> = new Set()): MarkdownLink[] {
  const lines = markdown.split('\n');
  const fenced = fencedLines(lines);
  const links: MarkdownLink[] = [];
  lines.forEach((text, i) => {
    if (fenced.has(i)) return;
    const line = i + 1;
    for (const span of text.matchAll(CODE_SPAN)) {
      const content = span[0].replace(/^`+\s?|\s?`+$/g, '');
      if (PARENT_PATH.test(content)) links.push({ line, target: content, kind: 'code' });
      const path = repoPath(content, topLevel);
      if (path) links.push({ line, target: path, kind: 'path' });
    }
    // Links inside code spans are text, not links.
    const prose = text.replace(CODE_SPAN, (span) => ' '.repeat(span.length));
    const definition = DEFINITION.exec(prose);
    if (definition) links.push({ line, target: definition[1], kind: 'link' });
    for (const match of prose.matchAll(INLINE_LINK)) links.push({ line, target: match[1], kind: 'link' });
    for (const match of prose.matchAll(HTML_LINK)) links.push({ line, target: match[1], kind: 'link' });
  });
  return links.map((link) => ({ ...link, target: link.target.replace(/^<(.*)>$/, '$1') }));
}

/** A URL with a scheme (`https:`, `mailto:`) or protocol-relative: not a path in the repository. */
const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Paths git ignores (they exist here but are not in the repository), among the given ones relative to root. */
function ignoredByGit(root: string, paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const run = spawnSync('git', ['check-ignore', '--stdin'], { cwd: root, input: paths.join('\n'), encoding: 'utf8' });
  // Status 1: none ignored; anything else but 0 (no git, not a repository): nothing can be said.
  if (run.status !== 0) return new Set();
  return new Set(run.stdout.split('\n').filter((line) => line !== ''));
}

/**
 * Checks each link of the given files (relative to root): a relative path must name a file or
 * folder inside the repository that git does not ignore, and an `#anchor` a heading (or an HTML
 * id) of the markdown file it points into, by GitHub's anchor rules (`markdown.ts`). Links with a
 * scheme are not followed. Anchors into a file that is not markdown are left alone (GitHub's
 * `#L10` line anchors).
 */
export function brokenLinks(root: string, files: string[] = checkedFiles(root)): BrokenLink[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchors(readFileSync(resolve(root, file), 'utf8')));
    return anchorCache.get(file)!;
  };
  // The repository's own top-level folders: not hidden ones, not build output or installs git ignores (dist/, node_modules/).
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => entry.name);
  const ignoredFolders = ignoredByGit(root, folders);
  const topLevel = new Set(folders.filter((name) => !ignoredFolders.has(name)));
  const broken: BrokenLink[] = [];
  const existing: Array<{ link: BrokenLink; path: string }> = [];
  for (const file of files) {
    for (const link of linksOf(readFileSync(resolve(root, file), 'utf8'), topLevel)) {
      if (external(link.target)) continue;
      const at = link.target.indexOf('#');
      const pathPart = decoded((at === -1 ? link.target : link.target.slice(0, at)).replace(/\?.*$/, ''));
      const anchor = at === -1 ? null : decoded(link.target.slice(at + 1));
      const report = (problem: string) => broken.push({ ...link, file, problem });
      if (pathPart === '') {
        if (anchor && !anchorsOf(file).has(anchor)) report(`no heading of ${file} has the anchor #${anchor}`);
        continue;
      }
      // GitHub resolves `/x` from the repository's root, anything else from the file's folder; a path named in prose is the root's.
      const absolute = pathPart.startsWith('/') || link.kind === 'path' ? resolve(root, `./${pathPart}`) : resolve(root, dirname(file), pathPart);
      const path = relative(root, absolute);
      if (path.startsWith('..') || isAbsolute(path)) {
        report('leaves the repository');
        continue;
      }
      if (!existsSync(absolute)) {
        report(`no such file: ${path}`);
        continue;
      }
      existing.push({ link: { ...link, file, problem: 'ignored by git, so not in the repository' }, path });
      if (anchor && statSync(absolute).isFile() && /\.md$/i.test(path) && !anchorsOf(path).has(anchor)) {
        report(`no heading of ${path} has the anchor #${anchor}`);
      }
    }
  }
  const ignored = ignoredByGit(
    root,
    existing.map((entry) => entry.path),
  );
  broken.push(...existing.filter((entry) => ignored.has(entry.path)).map((entry) => entry.link));
  return broken.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** One line per broken link: `README.md:26 ../shared/spec/api-spec.md: leaves the repository`. */
export function describeBroken(link: BrokenLink): string {
  return `${link.file}:${link.line} ${link.target}: ${link.problem}`;
}
