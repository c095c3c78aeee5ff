import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { locateScalarBundle } from './scalar-bundle';

const root = resolve(__dirname, '../../../..');
const vendor = (outDir: string) => execFileSync(process.execPath, [join(root, 'scripts/vendor-scalar.mjs'), outDir], { cwd: root, encoding: 'utf8' });

/** Every `./x.js` or `./chunks/x.js` a module of the bundle imports, resolved against its folder. */
function importsOf(dir: string, file: string): string[] {
  const text = readFileSync(join(dir, file), 'utf8');
  const base = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return [...new Set([...text.matchAll(/["']\.\/((?:chunks\/)?[\w.-]+\.js)["']/g)].map((m) => base + m[1]))];
}

describe('the /docs bundle copied into dist/vendor (scripts/vendor-scalar.mjs)', () => {
  let out: string;
  beforeAll(() => {
    out = join(mkdtempSync(join(tmpdir(), 'scout-vendor-')), 'scalar-api-reference');
  });
  afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }));

  it('copies the entry and every module it reaches, without source maps, and names the version', () => {
    expect(vendor(out)).toMatch(/^vendor: @scalar\/api-reference \d+\.\d+\.\d+, \d+ file\(s\) copied/);
    const installed = locateScalarBundle(join(out, 'missing'));
    const stamp = JSON.parse(readFileSync(join(out, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
    expect(stamp).toMatchObject({ name: '@scalar/api-reference', version: installed.version, license: 'MIT' });

    // Walk the import graph from the entry: nothing the page can load is missing from the copy.
    const seen = new Set<string>();
    const queue = ['standalone.esm.js'];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      expect(existsSync(join(out, file))).toBe(true);
      queue.push(...importsOf(out, file));
    }
    expect(seen.size).toBeGreaterThan(10);
    expect(readdirSync(join(out, 'chunks')).filter((name) => !name.endsWith('.js'))).toEqual([]);
  });

  it('copies nothing when the same version is there, and the copy is what a build serves', () => {
    expect(vendor(out)).toMatch(/, 0 file\(s\) copied/);
    expect(locateScalarBundle(out)).toEqual({ browserDir: out, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });

  it('serves the installed package when there is no copy (the tests, run from the sources)', () => {
    const bundle = locateScalarBundle(join(out, 'missing'));
    expect(bundle.browserDir).toMatch(/node_modules\/@scalar\/api-reference\/dist\/browser$/);
    expect(existsSync(join(bundle.browserDir, 'standalone.esm.js'))).toBe(true);
  });
});
