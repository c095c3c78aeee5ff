import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fencedLines, slug } from './markdown';

const root = resolve(__dirname, '../../../..');
const ARCHITECTURE = 'docs/architecture.md';
/** The folders whose sources may cite the architecture page. */
const SOURCE_FOLDERS = ['apps', 'libs', 'test', 'scripts', 'bench'];
const SOURCE_FILE = /\.(ts|mts|cts|js|mjs|cjs)$/;

/** One citation in code: `docs/architecture.md section 4, steps 5-8` (the step part optional). */
interface Citation {
  file: string;
  line: number;
  section: number;
  /** The highest step cited (the end of a range), or null when no step is. */
  step: number | null;
}

/** A numbered section of the page (`## 4. A tool call, end to end`): its heading and how many numbered steps it lists. */
interface Section {
  heading: string;
  steps: number;
}

/** A citation, possibly wrapped over comment lines: `section N`, then optionally `step M`, `steps M-K`. */
const CITATION = /docs\/architecture\.md[\s*/]+section\s+(\d+)(?:[,\s*/]+steps?\s+(\d+)(?:\s*-\s*(\d+))?)?/g;

/** Every citation of the page in one source text, with its line. */
function citationsIn(file: string, text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    section: Number(match[1]),
    step: match[2] === undefined ? null : Number(match[3] ?? match[2]),
  }));
}

/** The numbered sections of a markdown page by number; a section's steps are its top-level numbered list items. */
function sectionsOf(markdown: string): Map<number, Section> {
  const lines = markdown.split('\n');
  const fenced = fencedLines(lines);
  const sections = new Map<number, Section>();
  let current: Section | null = null;
  lines.forEach((line, i) => {
    if (fenced.has(i)) return;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const numbered = /^(\d+)\.\s/.exec(heading[2]);
      // A subsection (###) stays in its numbered section; any other heading ends it.
      if (numbered) sections.set(Number(numbered[1]), (current = { heading: heading[2], steps: 0 }));
      else if (heading[1].length <= 2) current = null;
      return;
    }
    const item = /^(\d+)\.\s/.exec(line);
    if (item && current) current.steps = Math.max(current.steps, Number(item[1]));
  });
  return sections;
}

/** What is wrong with a citation against the page's sections, or null when it resolves. */
function problemOf(citation: Citation, sections: Map<number, Section>): string | null {
  const section = sections.get(citation.section);
  if (!section) return `${ARCHITECTURE} has no section ${citation.section}`;
  if (citation.step !== null && citation.step > section.steps) {
    return `section ${citation.section} (#${slug(section.heading)}) lists ${section.steps} numbered steps, not ${citation.step}`;
  }
  return null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

describe('citations of the architecture page', () => {
  it('reads sections, steps and citations', () => {
    const page = ['# Title', '## 1. One', '1. a', '2. b', '### 1.5 not a section', '3. c', '## 2. Two', 'text', '## Other', '4. d'].join('\n');
    const sections = sectionsOf(page);
    expect([...sections].map(([n, s]) => [n, s.steps])).toEqual([
      [1, 3],
      [2, 0],
    ]);
    // Built from parts, so that the scan of this very file below does not read them as citations.
    const cite = (rest: string) => `${ARCHITECTURE} section ${rest}`;
    const code = [`// ${cite('1, steps 2-3')}`, `/* ${cite('1 step 4')} */`, `// ${cite('2')},`, `// ${cite('3')}`].join('\n');
    expect(citationsIn('x.ts', code).map((c) => problemOf(c, sections))).toEqual([
      null,
      'section 1 (#1-one) lists 3 numbered steps, not 4',
      null,
      `${ARCHITECTURE} has no section 3`,
    ]);
  });

  it('name only sections and steps the page has', () => {
    const sections = sectionsOf(readFileSync(resolve(root, ARCHITECTURE), 'utf8'));
    const citations = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(resolve(root, folder))).flatMap((path) =>
      citationsIn(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(citations.length).toBeGreaterThan(0);
    const broken = citations.flatMap((c) => {
      const problem = problemOf(c, sections);
      return problem ? [`${c.file}:${c.line}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
