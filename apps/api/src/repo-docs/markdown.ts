/**
 * Small markdown helpers shared by the generated documents of docs/ and the link check: escaping
 * text for a paragraph or a table cell, and heading anchors as GitHub makes them.
 */

/** Inline code spans (one or more backticks, the same number closing), kept apart from the text around them. */
export const CODE_SPAN = /(`+)[\s\S]*?[^`]\1(?!`)/g;

/**
 * Text written as markdown inline content: whitespace (line breaks included) made single spaces,
 * `<` outside code spans written as an entity (GitHub would drop `<name>` as an unknown tag), and
 * in a table cell every `|` escaped, inside code spans too (GitHub's tables split cells on it first).
 */
export function inline(text: string, cell = false): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  let out = '';
  let last = 0;
  for (const match of oneLine.matchAll(CODE_SPAN)) {
    out += plain(oneLine.slice(last, match.index), cell) + (cell ? match[0].replace(/\|/g, '\\|') : match[0]);
    last = match.index + match[0].length;
  }
  return out + plain(oneLine.slice(last), cell);
}

function plain(text: string, cell: boolean): string {
  const escaped = text.replace(/</g, '&lt;');
  return cell ? escaped.replace(/\|/g, '\\|') : escaped;
}

/** A value as an inline code span, with a fence longer than any backtick run inside it. */
export function code(value: string): string {
  const longest = Math.max(0, ...[...value.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value}${pad}${fence}`;
}

/** One table row; the cells are already inline markdown (see `inline(text, true)`). */
export function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** A table: header, delimiter row, rows. */
export function table(header: string[], rows: string[][]): string[] {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)];
}

/**
 * The text a heading shows, as GitHub renders it before making its anchor: code spans without
 * their backticks, links and images as their text, emphasis markers and HTML tags removed.
 */
export function headingText(source: string): string {
  return source
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(`+)([\s\S]*?)\1/g, '$2')
    .replace(/(\*\*|__|\*|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .trim();
}

/**
 * GitHub's anchor for a heading (github-slugger): lower case, every character that is not a
 * letter, a digit, `_`, `-` or a space removed, each space made `-`. A repeated anchor gets `-1`,
 * `-2`... in order (see `anchors`).
 */
export function slug(text: string): string {
  return headingText(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Fenced code blocks (``` or ~~~, the closing fence at least as long as the opening one) as ranges of line numbers. */
export function fencedLines(lines: string[]): Set<number> {
  const inside = new Set<number>();
  let fence: { char: string; length: number } | null = null;
  lines.forEach((line, i) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      inside.add(i);
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1][0] === fence.char && closing[1].length >= fence.length) fence = null;
    } else if (opening) {
      inside.add(i);
      fence = { char: opening[1][0], length: opening[1].length };
    }
  });
  return inside;
}

/**
 * Every anchor a markdown document offers: its headings' (ATX `#` headings and setext ones
 * underlined with `=` or `-`), numbered as GitHub numbers repeats, and explicit HTML `id`/`name`
 * attributes.
 */
export function anchors(markdown: string): Set<string> {
  const lines = markdown.split('\n');
  const fenced = fencedLines(lines);
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const add = (text: string) => {
    const base = slug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  };
  lines.forEach((line, i) => {
    if (fenced.has(i)) return;
    const atx = /^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (atx) return add(atx[1] ?? '');
    const next = lines[i + 1];
    const paragraphLine = line.trim() !== '' && !/^ {0,3}([-*+>|]|\d+[.)]|#)/.test(line) && !/^ {4}/.test(line);
    if (next !== undefined && !fenced.has(i + 1) && paragraphLine && /^ {0,3}(=+|-+)[ \t]*$/.test(next) && (i === 0 || lines[i - 1].trim() === '')) add(line);
    for (const match of line.matchAll(/<[a-z][^>]*\s(?:id|name)="([^"]+)"/gi)) out.add(match[1]);
  });
  return out;
}
