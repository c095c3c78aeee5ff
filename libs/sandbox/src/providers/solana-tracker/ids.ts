/**
 * Addresses of what only Solana Tracker's stand-in knows: the dead launches of the daily stream
 * (launches.ts), their deployers, and the untracked wallets that bought early (early-buyers.ts).
 * There are hundreds of thousands of them over the stream's days, too many to index, so each
 * address CARRIES what it stands for: 32 bytes in base58 like any Solana address, bytes 0-3 a tag
 * (a hash of the payload), the rest the payload masked by a stream drawn from the tag. A lookup
 * decodes the address; one that does not decode to a payload matching its tag is none of these.
 * Identities are independent of the market seed (whether the thing exists is the seed's business).
 */
import { hash32, hashString, mulberry32 } from '../../prng';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const B58_INDEX = new Map([...B58].map((c, i) => [c, i]));
const TAG_KEY = hashString('solana-tracker:id');
const MASK_KEY = hashString('solana-tracker:mask');

/** What an address stands for. Integers are unsigned 32-bit. */
export type IdKind = 'launch' | 'extra' | 'buyer' | 'deployer' | 'serial' | 'pool';
const KINDS: readonly IdKind[] = ['launch', 'extra', 'buyer', 'deployer', 'serial', 'pool'];

export interface Id {
  kind: IdKind;
  /** Up to four integers, meaning per kind (launches.ts and early-buyers.ts name them). */
  parts: [number, number, number, number];
}

/** The address of an id. */
export function encodeId(kind: IdKind, a = 0, b = 0, c = 0, d = 0): string {
  const k = KINDS.indexOf(kind);
  const tag = hash32(0, TAG_KEY, k, a, b, c, d);
  const bytes = new Uint8Array(32);
  writeU32(bytes, 0, tag);
  const payload = new Uint8Array(28);
  payload[0] = k;
  writeU32(payload, 1, a);
  writeU32(payload, 5, b);
  writeU32(payload, 9, c);
  writeU32(payload, 13, d);
  const mask = mulberry32(tag ^ MASK_KEY);
  // Bytes 17-27 of the payload are zeros, so the mask shows through: filler that looks random.
  for (let i = 0; i < 28; i++) bytes[4 + i] = payload[i] ^ Math.floor(mask() * 256);
  return base58(bytes);
}

/** The id an address carries, or null when it is not one of these addresses. */
export function decodeId(address: string): Id | null {
  const bytes = unbase58(address);
  if (!bytes) return null;
  const tag = readU32(bytes, 0);
  const mask = mulberry32(tag ^ MASK_KEY);
  const payload = new Uint8Array(28);
  for (let i = 0; i < 28; i++) payload[i] = bytes[4 + i] ^ Math.floor(mask() * 256);
  for (let i = 17; i < 28; i++) if (payload[i] !== 0) return null;
  const k = payload[0];
  if (k >= KINDS.length) return null;
  const parts: Id['parts'] = [readU32(payload, 1), readU32(payload, 5), readU32(payload, 9), readU32(payload, 13)];
  if (hash32(0, TAG_KEY, k, ...parts) !== tag) return null;
  return { kind: KINDS[k], parts };
}

/** A base58 transaction signature (64 bytes) for a fill nobody tracks, a pure function of its parts. */
export function signature(...parts: number[]): string {
  const rand = mulberry32(hash32(0, hashString('solana-tracker:tx'), ...parts));
  let s = '';
  for (let i = 0; i < 88; i++) s += B58[Math.floor(rand() * B58.length)];
  return s;
}

function writeU32(bytes: Uint8Array, at: number, v: number): void {
  bytes[at] = v >>> 24;
  bytes[at + 1] = (v >>> 16) & 0xff;
  bytes[at + 2] = (v >>> 8) & 0xff;
  bytes[at + 3] = v & 0xff;
}

function readU32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function base58(bytes: Uint8Array): string {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)] + s;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    s = '1' + s;
  }
  return s;
}

/** 32 bytes from base58, or null when the text is not 32 bytes of base58. */
function unbase58(text: string): Uint8Array | null {
  if (text.length < 32 || text.length > 44) return null;
  let n = 0n;
  for (const c of text) {
    const v = B58_INDEX.get(c);
    if (v === undefined) return null;
    n = n * 58n + BigInt(v);
  }
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return n === 0n ? out : null;
}
