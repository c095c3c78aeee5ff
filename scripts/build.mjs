// `npm run build` (and so `npm start`): compiles the API, the worker and the scripts into dist/
// (tsconfig.build.json, then tsc-alias rewrites the @scout/* imports), building only what changed.
//
// - Nothing changed since the last build that finished (same content of every source, config and
//   the lock file, and every output still there): no compiler runs at all.
// - Something changed: `tsc` runs incrementally (its build info is dist/tsconfig.build.tsbuildinfo),
//   so it re-emits only the files it must; tsc-alias then rewrites only the files emitted by this
//   run (all of them when the previous build did not finish); outputs whose source is gone are
//   deleted, so a deleted or renamed file leaves nothing stale behind (a migration least of all).
// - `--clean`: dist/ is deleted first, a full build.
// - Either way, the browser build of the /docs API reference is copied into dist/vendor/ when it is
//   missing or its version changed (scripts/vendor-scalar.mjs), and the console (apps/console) is
//   bundled into dist/console when its sources changed (scripts/build-console.mjs).
//
// What counts as a source: the files tsconfig.build.json takes in (apps/, libs/, scripts/ and
// ormconfig.ts, tests excluded), every other file the last compile read outside node_modules (from
// the build info), the tsconfig files, package.json and package-lock.json (a changed dependency
// may change types), and this script.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './build-console.mjs';
import { vendorScalar } from './vendor-scalar.mjs';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const PROJECT = 'tsconfig.build.json';
const BUILD_INFO = join(DIST, 'tsconfig.build.tsbuildinfo');
const STAMP = join(DIST, 'tsconfig.build.stamp.json');
/** The folders and files tsconfig.build.json includes; its excludes are mirrored by isBuildSource. */
const SOURCE_DIRS = ['apps', 'libs', 'scripts'];
const ROOT_INPUTS = ['ormconfig.ts', 'tsconfig.json', PROJECT, 'package.json', 'package-lock.json', 'scripts/build.mjs'];
/** Entry points that must exist after a build (npm start, start:worker, migration:run). */
const ENTRY_POINTS = ['apps/api/src/main.js', 'apps/worker/src/main.js', 'scripts/migrate.js'];

const clean = process.argv.includes('--clean');
const say = (line) => process.stdout.write(`build: ${line}\n`);

/** Whether a file under SOURCE_DIRS is compiled by tsconfig.build.json (its excludes: the tests). */
function isBuildSource(rel) {
  if (!/\.(ts|json)$/.test(rel) || rel.endsWith('.d.ts')) return false;
  if (/\.(spec|int-spec|e2e-spec)\.ts$/.test(rel)) return false;
  return !rel.split('/').includes('test');
}

function walk(dir, onFile) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, onFile);
    else if (entry.isFile()) onFile(path);
  }
}

const toPosix = (path) => path.split(sep).join('/');

/** Every file the compile of the last build read outside node_modules, relative to the root. */
function filesReadLastTime() {
  try {
    const info = JSON.parse(readFileSync(BUILD_INFO, 'utf8'));
    return (info.fileNames ?? [])
      .filter((name) => !name.includes('/node_modules/'))
      .map((name) => toPosix(relative(ROOT, resolve(DIST, name))))
      .filter((rel) => !rel.startsWith('..'));
  } catch {
    return [];
  }
}

/** A digest of every input's path and content: equal digests, equal outputs. */
function inputsDigest() {
  const files = new Set(ROOT_INPUTS);
  for (const dir of SOURCE_DIRS) {
    walk(join(ROOT, dir), (path) => {
      const rel = toPosix(relative(ROOT, path));
      if (isBuildSource(rel)) files.add(rel);
    });
  }
  // A file the last compile read that is gone now is no input any more (its deletion shows: the
  // stamp's digest had it).
  for (const rel of filesReadLastTime()) if (existsSync(join(ROOT, rel))) files.add(rel);
  const hash = createHash('sha256');
  for (const rel of [...files].sort()) {
    hash.update(`${rel}\0`);
    try {
      hash.update(readFileSync(join(ROOT, rel)));
    } catch {
      hash.update('\0(missing)');
    }
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

function run(bin, args) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Compiled outputs (.js, .js.map, .json) under dist/ whose source no longer exists: deleted. */
function pruneOrphans() {
  let removed = 0;
  const check = (path) => {
    const rel = toPosix(relative(DIST, path));
    let source = null;
    if (rel.endsWith('.js.map')) source = rel.slice(0, -'.js.map'.length) + '.ts';
    else if (rel.endsWith('.js')) source = rel.slice(0, -'.js'.length) + '.ts';
    else if (rel.endsWith('.json')) source = rel;
    if (source === null || existsSync(join(ROOT, source))) return;
    unlinkSync(path);
    removed += 1;
  };
  for (const dir of SOURCE_DIRS) walk(join(DIST, dir), check);
  for (const name of ['ormconfig.js', 'ormconfig.js.map']) if (existsSync(join(DIST, name))) check(join(DIST, name));
  for (const dir of SOURCE_DIRS) removeEmptyDirs(join(DIST, dir));
  return removed;
}

function removeEmptyDirs(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) if (entry.isDirectory()) removeEmptyDirs(join(dir, entry.name));
  if (readdirSync(dir).length === 0) rmdirSync(dir);
}

/** The .js files under dist/ written at or after `since` (ms), or every one with `since` null. */
function emittedSince(since) {
  const files = [];
  const consider = (path) => {
    if (path.endsWith('.js') && (since === null || statSync(path).mtimeMs >= since)) files.push(path);
  };
  for (const dir of SOURCE_DIRS) walk(join(DIST, dir), consider);
  if (existsSync(join(DIST, 'ormconfig.js'))) consider(join(DIST, 'ormconfig.js'));
  return files;
}

/** Rewrites the @scout/* imports of `files` to relative paths (tsc-alias, one file at a time). */
async function rewriteAliases(files) {
  const { prepareSingleFileReplaceTscAliasPaths } = require('tsc-alias');
  const replace = await prepareSingleFileReplaceTscAliasPaths({ configFile: join(ROOT, PROJECT) });
  for (const filePath of files) {
    const fileContents = readFileSync(filePath, 'utf8');
    const rewritten = replace({ fileContents, filePath });
    if (rewritten !== fileContents) writeFileSync(filePath, rewritten);
  }
}

const startedAt = Date.now();
if (clean) rmSync(DIST, { recursive: true, force: true });
const digest = inputsDigest();
const stamp = readStamp();
const outputsThere = ENTRY_POINTS.every((entry) => existsSync(join(DIST, entry)));
// The /docs bundle (a devDependency) beside the compiled code; copied only when its version changed.
const vendored = vendorScalar();
if (vendored.copied > 0) say(`copied @scalar/api-reference ${vendored.version} into dist/vendor (${vendored.copied} files)`);
// The console's pages (apps/console), bundled by Vite into dist/console when their sources changed.
const consoleStartedAt = Date.now();
if (await buildConsole()) say(`built the console into dist/console (${Date.now() - consoleStartedAt} ms)`);
if (stamp?.digest === digest && outputsThere) {
  say(`up to date, nothing compiled (${Date.now() - startedAt} ms)`);
  process.exit(0);
}

// No stamp (never built here, or the last build stopped half way) or missing outputs: the build
// info may describe files that are not in dist/, so tsc starts over and every output is rewritten.
const trusted = stamp !== null && outputsThere;
if (!trusted) rmSync(BUILD_INFO, { force: true });
rmSync(STAMP, { force: true });
mkdirSync(DIST, { recursive: true });
// File times have a coarse grain on some file systems: a margin so no file tsc writes now is missed.
const emitStart = Date.now() - 2_000;
run(require.resolve('typescript/bin/tsc'), ['-p', PROJECT]);
const emitted = emittedSince(trusted ? emitStart : null);
await rewriteAliases(emitted);
const pruned = pruneOrphans();
for (const entry of ENTRY_POINTS) {
  if (!existsSync(join(DIST, entry))) {
    process.stderr.write(`build: the compile did not produce dist/${entry}\n`);
    process.exit(1);
  }
}
// Taken again after the compile: a source saved while tsc ran is compiled next time.
writeFileSync(STAMP, `${JSON.stringify({ digest: inputsDigest() === digest ? digest : null, builtAt: new Date().toISOString() })}\n`);
say(`${trusted ? 'incremental' : 'full'} compile, ${emitted.length} file(s) rewritten, ${pruned} stale output(s) removed (${Date.now() - startedAt} ms)`);
