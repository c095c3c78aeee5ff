import { llamaSlug, type LlamaHack, type LlamaProtocol } from '@scout/upstream';
import { rankBy } from './calc/rank';
import { sumKnown } from './calc/ratio';

/** Lower case, letters and digits only: "Aave V3" and "aave-v3" both become "aavev3". */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Case-insensitive "contains" on any of the given texts (null texts never match). */
export function containsText(query: string, ...texts: Array<string | null>): boolean {
  const q = query.trim().toLowerCase();
  return texts.some((t) => t !== null && t.toLowerCase().includes(q));
}

export interface ResolvedProtocol {
  /** What /protocol/{slug} is asked for. */
  slug: string;
  name: string;
  /** The /protocols entry, or null for a parent protocol (which /protocols lists only as versions). */
  entry: LlamaProtocol | null;
  /** The listed protocols the answer covers: the entry itself, or the versions of a parent. */
  members: LlamaProtocol[];
  isParent: boolean;
  /** What the user asked for; an incident named by it belongs to the answer too. */
  query: string;
  /** Other protocols that also matched a loose query, largest first. */
  otherMatches: string[];
}

const OTHER_MATCHES_SHOWN = 5;

/**
 * Finds the protocol a user means, in this order: exact slug or name; a parent protocol (e.g.
 * "aave" for Aave V2 and V3, listed as `parentProtocol: 'parent#aave'`); the same letters and
 * digits ("aave v3" for "Aave V3"); then the largest protocol whose name or slug contains the
 * query. Null when nothing matches.
 */
export function resolveProtocol(protocols: readonly LlamaProtocol[], query: string): ResolvedProtocol | null {
  const q = query.trim().toLowerCase();
  const slug = llamaSlug(query);
  const single = (entry: LlamaProtocol, otherMatches: string[] = []): ResolvedProtocol => ({
    slug: entry.slug,
    name: entry.name,
    entry,
    members: [entry],
    isParent: false,
    query: query.trim(),
    otherMatches,
  });

  const exact = protocols.find((p) => p.slug.toLowerCase() === slug || p.slug.toLowerCase() === q || p.name.toLowerCase() === q);
  if (exact) return single(exact);

  const parentId = `parent#${slug}`;
  const versions = protocols.filter((p) => p.parentProtocol?.toLowerCase() === parentId);
  if (versions.length) {
    return { slug, name: query.trim(), entry: null, members: versions, isParent: true, query: query.trim(), otherMatches: [] };
  }

  const letters = compact(query);
  if (letters === '') return null;
  const sameLetters = protocols.find((p) => compact(p.name) === letters || compact(p.slug) === letters);
  if (sameLetters) return single(sameLetters);

  const loose = rankBy(
    protocols.filter((p) => compact(p.name).includes(letters) || compact(p.slug).includes(letters)),
    (p) => p.tvlUsd,
  );
  if (!loose.length) return null;
  return single(
    loose[0],
    loose.slice(1, 1 + OTHER_MATCHES_SHOWN).map((p) => p.name),
  );
}

/** Current TVL of a resolved protocol: the entry's, or the sum of a parent's versions. */
export function resolvedTvl(resolved: ResolvedProtocol): number | null {
  return resolved.entry ? resolved.entry.tvlUsd : sumKnown(resolved.members.map((m) => m.tvlUsd));
}

/**
 * The exploits recorded against a protocol: by DefiLlama id (the protocol, its versions, or its
 * parent), or by name, where the words of the protocol's name (or of what the user asked) must open
 * the incident's name ("Aave" matches "Aave V2" but "Compound" does not match "Compounder Finance").
 */
export function hacksOf(hacks: readonly LlamaHack[], resolved: ResolvedProtocol, parentId: string | null): LlamaHack[] {
  const ids = new Set(resolved.members.map((m) => m.id).filter((id): id is string => id !== null));
  const names = [resolved.query, resolved.name, resolved.slug.replace(/-/g, ' '), ...resolved.members.map((m) => m.name)]
    .map(words)
    .filter((w) => w.length > 0);
  return hacks.filter((hack) => {
    if (hack.defillamaId !== null && ids.has(hack.defillamaId)) return true;
    if (parentId !== null && hack.parentProtocolId?.toLowerCase() === parentId.toLowerCase()) return true;
    const hackWords = words(hack.name);
    return names.some((name) => name.length <= hackWords.length && name.every((w, i) => hackWords[i] === w));
  });
}
