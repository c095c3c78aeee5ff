import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brokenLinks, checkedFiles, describeBroken, linksOf } from './links';
import { anchors, slug } from './markdown';

const root = resolve(__dirname, '../../../..');

describe('GitHub heading anchors', () => {
  it.each([
    ['Logs and traces', 'logs-and-traces'],
    ['AI agents: MCP at `/mcp`, OAuth 2.1 sign-in, `llms.txt`', 'ai-agents-mcp-at-mcp-oauth-21-sign-in-llmstxt'],
    ['Safe retries: `Idempotency-Key`', 'safe-retries-idempotency-key'],
    ['service_chain_health', 'service_chain_health'],
    ['Logs, metrics and traces', 'logs-metrics-and-traces'],
    ['Your own account (any key)', 'your-own-account-any-key'],
    ['**Bold** and [a link](x.md)', 'bold-and-a-link'],
    ['Ünïcode stays', 'ünïcode-stays'],
  ])('%s → #%s', (heading, anchor) => {
    expect(slug(heading)).toBe(anchor);
  });

  it('numbers repeated headings, skips fenced code, reads setext headings and HTML ids', () => {
    const doc = ['# Setup', '', '## Setup', '', '```sh', '# not a heading', '```', '', 'Second title', '------------', '', '<a id="kept-id"></a>'].join('\n');
    expect([...anchors(doc)].sort()).toEqual(['kept-id', 'second-title', 'setup', 'setup-1']);
  });
});

describe('linksOf', () => {
  it('finds inline links, images, reference definitions and HTML links, not those in code', () => {
    const doc = [
      'See [the guide](docs/guide.md#start "Guide") and ![a shot](docs/shot.png).',
      '[ref]: ./other.md',
      '<a href="docs/x.md">x</a>',
      'Not a link: `[a](b.md)`.',
      '```md',
      '[also not](c.md)',
      '```',
      'The contract is `../shared/spec/api-spec.md`; data lives in `./.data`.',
      'Built by `scripts/build.mjs`, see `libs/*/src` and `apps/api/src/main.ts:12`.',
    ].join('\n');
    expect(linksOf(doc, new Set(['scripts', 'libs', 'apps']))).toEqual([
      { line: 1, target: 'docs/guide.md#start', kind: 'link' },
      { line: 1, target: 'docs/shot.png', kind: 'link' },
      { line: 2, target: './other.md', kind: 'link' },
      { line: 3, target: 'docs/x.md', kind: 'link' },
      { line: 8, target: '../shared/spec/api-spec.md', kind: 'code' },
      { line: 9, target: 'scripts/build.mjs', kind: 'path' },
      { line: 9, target: 'apps/api/src/main.ts', kind: 'path' },
    ]);
  });
});

describe('brokenLinks', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'scout-links-'));
    mkdirSync(join(dir, 'docs'));
    mkdirSync(join(dir, 'libs'));
    writeFileSync(join(dir, 'libs', 'a.ts'), '');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Title',
        '## Part one',
        '[ok](docs/guide.md#usage) [ok too](#part-one) [web](https://example.com) [root](/docs/guide.md)',
        '[gone](docs/missing.md) [bad anchor](docs/guide.md#nowhere) [bad here](#part-two) [out](../elsewhere.md)',
        'Named in prose: `libs/a.ts` and `libs/b.ts`.',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'docs', 'guide.md'), '# Guide\n\n## Usage\n\nBack to [the top](../README.md#title).\n');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports missing files, missing anchors and paths out of the repository, with where they are', () => {
    expect(checkedFiles(dir)).toEqual(['README.md', join('docs', 'guide.md')]);
    expect(brokenLinks(dir).map(describeBroken)).toEqual([
      'README.md:4 docs/missing.md: no such file: docs/missing.md',
      'README.md:4 docs/guide.md#nowhere: no heading of docs/guide.md has the anchor #nowhere',
      'README.md:4 #part-two: no heading of README.md has the anchor #part-two',
      'README.md:4 ../elsewhere.md: leaves the repository',
      'README.md:5 libs/b.ts: no such file: libs/b.ts',
    ]);
  });
});

/**
 * Every relative link of README.md and docs/*.md resolves inside the repository (issue 37), to a
 * heading that exists when it names one; code spans naming `../` paths and repository paths count.
 */
describe('the repository documents', () => {
  it('link only to files and headings that exist in the repository', () => {
    expect(brokenLinks(root).map(describeBroken)).toEqual([]);
  });
});
