/**
 * Writes peer-shapes.json: for every captured answer of the peer service, the tool Scout serves
 * it as, the inputs read back from the capture, and the key paths (with JSON types) of its `data`;
 * and the traders and coins those captures name.
 * Only the shape is kept, never the peer's figures, so the repository does not carry the peer's
 * data and the contract spec does not read files outside the repository.
 *
 *   node -r ts-node/register/transpile-only -r tsconfig-paths/register \
 *     apps/api/test/peer-captures/make-peer-shapes.ts [captures folder]
 *
 * The folder defaults to ../shared/reference/peer/responses beside the repository; each file is a
 * front-matter block then the JSON answer. Run it again when captures are added.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { deriveInput, namesIn, scoutToolName } from './derive-inputs';
import { shapeOf, type PeerNames, type PeerShape } from './key-paths';

const REPO = resolve(__dirname, '../../../..');
const OUT = join(__dirname, 'peer-shapes.json');

/** The front matter (`key: value` lines between `---` fences) and the JSON after it. */
function parseCapture(text: string): { front: Record<string, string>; body: { data?: unknown } } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error('no front matter');
  const front = Object.fromEntries(
    m[1]
      .split(/\r?\n/)
      .map((line) => /^([\w-]+):\s*(.*)$/.exec(line))
      .filter((x): x is RegExpExecArray => x !== null)
      .map((x) => [x[1], x[2]]),
  );
  return { front, body: JSON.parse(m[2]) as { data?: unknown } };
}

async function main(): Promise<void> {
  const folder = resolve(process.argv[2] ?? join(REPO, '../shared/reference/peer/responses'));
  if (!existsSync(folder)) throw new Error(`no captures at ${folder}`);
  const shapes: PeerShape[] = [];
  const traders = new Map<string, string | null>();
  const coins = new Map<string, string | null>();
  for (const file of readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const { front, body } = parseCapture(readFileSync(join(folder, file), 'utf8'));
    const peerTool = front.tool ?? basename(file, '.md');
    if (body.data === undefined) throw new Error(`${file}: no data`);
    const input = front.input ? (JSON.parse(front.input) as Record<string, unknown>) : deriveInput(peerTool, body.data);
    if (input !== null) {
      // Names only from the captures of tools with inputs: the others (launchpad) are not served.
      const named = namesIn(body.data);
      for (const [handle, userId] of named.traders) traders.set(handle, userId ?? traders.get(handle) ?? null);
      for (const [address, chain] of named.coins) coins.set(address, chain ?? coins.get(address) ?? null);
    }
    shapes.push({
      capture: file,
      peerTool,
      tool: scoutToolName(peerTool),
      input,
      ...(input === null ? { reason: 'no rule reads the inputs of this tool from its capture (derive-inputs.ts)' } : {}),
      paths: shapeOf(body.data, { scoutChainKeys: true }),
    });
  }
  const names: PeerNames = {
    traders: [...traders].sort(([a], [b]) => a.localeCompare(b)).map(([handle, userId]) => ({ handle, userId })),
    coins: [...coins].sort(([a], [b]) => a.localeCompare(b)).map(([address, chain]) => ({ address, chain })),
  };
  const json = JSON.stringify({ generatedBy: 'apps/api/test/peer-captures/make-peer-shapes.ts', names, shapes });
  writeFileSync(OUT, await format(json, { ...(await resolveConfig(OUT)), filepath: OUT }));
  console.log(`${shapes.length} captures -> ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
