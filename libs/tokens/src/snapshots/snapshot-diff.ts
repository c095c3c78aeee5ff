import { holderKey } from '../holders/holder-figures';
import { percentOf, round } from '../token-ref';

/** A tracked holder as a snapshot records it. */
export interface SnapshotHolder {
  handle: string;
  userId?: string | null;
  amount?: number | null;
  valueUsd?: number | null;
}

/** What compare needs of a snapshot: the stored ones and the peer-style objects a caller passes both fit. */
export interface ComparableSnapshot {
  id?: string | null;
  capturedAt?: string | null;
  priceUsd?: number | null;
  totalHolders?: number | null;
  top10HoldersPercent?: number | null;
  /** All tracked holders when taken; the list may hold only the largest of them. */
  trackedHolderCount?: number | null;
  trackedValueUsd?: number | null;
  trackedHolders: SnapshotHolder[];
}

export interface Change {
  /** The figure in the earlier snapshot; null when it does not say. */
  before: number | null;
  /** The figure in the later snapshot; null when it does not say. */
  after: number | null;
  /** after minus before, in the figure's unit; null when either is unknown. */
  change: number | null;
  /** change as a percent of before; null when either is unknown or before is zero. */
  changePct: number | null;
}

export interface HolderMove {
  /** The tracked trader's handle. */
  handle: string;
  /** The trader's provider user id; null when neither snapshot says. */
  userId: string | null;
  /** Whole tokens held before; 0 when not a holder then, null when the snapshot does not say. */
  amountBefore: number | null;
  /** Whole tokens held after; 0 when not a holder then, null when the snapshot does not say. */
  amountAfter: number | null;
  /** amountAfter minus amountBefore, whole tokens; null when either is unknown. */
  amountChange: number | null;
  /** amountChange as a percent of amountBefore; null for a joiner or when either amount is unknown. */
  amountChangePct: number | null;
  /** USD value held before; 0 when not a holder then, null when the snapshot does not say. */
  valueBefore: number | null;
  /** USD value held after; 0 when not a holder then, null when the snapshot does not say. */
  valueAfter: number | null;
  /** valueAfter minus valueBefore, USD; null when either is unknown. */
  valueChange: number | null;
}

/** Which snapshot one side of a comparison is. */
export interface SnapshotStamp {
  /** The snapshot's id; null when the snapshot was passed whole without one. */
  id: string | null;
  /** When the snapshot was taken, ISO 8601 UTC; null when the snapshot passed does not say. */
  capturedAt: string | null;
}

export interface SnapshotDiff {
  /** The earlier snapshot's id and capturedAt (ISO 8601 UTC); each null when not given. */
  before: SnapshotStamp;
  /** The later snapshot's id and capturedAt (ISO 8601 UTC); each null when not given. */
  after: SnapshotStamp;
  /** Seconds from before to after; null when either time is unknown. */
  elapsedSeconds: number | null;
  /** Price of one whole token in USD, before and after. */
  price: Change;
  /** Every holder of the token, per the provider, before and after. */
  totalHolders: Change;
  /** The change is in percentage points. */
  top10HoldersPercent: Change;
  /** Tracked traders holding the token (the list's length when no count was kept), before and after. */
  trackedHolderCount: Change;
  /** USD value tracked holders hold (summed from the list when not kept), before and after. */
  trackedValueUsd: Change;
  /** Tracked traders in after but not before. */
  joined: HolderMove[];
  /** Tracked traders in before but not after. */
  exited: HolderMove[];
  /** Tracked traders holding more tokens after, largest USD value change first. */
  increased: HolderMove[];
  /** Tracked traders holding fewer tokens after, largest USD value change first. */
  decreased: HolderMove[];
  /** Tracked traders in both whose amount did not change or is unknown. */
  unchanged: number;
}

/** A difference without floating-point noise (prices of small coins need their small digits). */
function precise(x: number): number {
  return Number(x.toPrecision(12));
}

function change(before: number | null | undefined, after: number | null | undefined): Change {
  const b = before ?? null;
  const a = after ?? null;
  const delta = a !== null && b !== null ? precise(a - b) : null;
  return { before: b, after: a, change: delta, changePct: b !== null && delta !== null ? percentOf(delta, b) : null };
}

function trackedValue(s: ComparableSnapshot): number | null {
  if (s.trackedValueUsd != null) return s.trackedValueUsd;
  const known = s.trackedHolders.filter((h) => h.valueUsd != null);
  return known.length ? round(known.reduce((sum, h) => sum + h.valueUsd!, 0)) : null;
}

function move(before: SnapshotHolder | undefined, after: SnapshotHolder | undefined): HolderMove {
  const amountBefore = before ? (before.amount ?? null) : 0;
  const amountAfter = after ? (after.amount ?? null) : 0;
  const valueBefore = before ? (before.valueUsd ?? null) : 0;
  const valueAfter = after ? (after.valueUsd ?? null) : 0;
  const amountChange = amountBefore !== null && amountAfter !== null ? precise(amountAfter - amountBefore) : null;
  return {
    handle: (after ?? before)!.handle,
    userId: (after ?? before)!.userId ?? null,
    amountBefore,
    amountAfter,
    amountChange,
    amountChangePct: before && amountChange !== null ? percentOf(amountChange, amountBefore) : null,
    valueBefore,
    valueAfter,
    valueChange: valueBefore !== null && valueAfter !== null ? round(valueAfter - valueBefore) : null,
  };
}

/**
 * What changed between two snapshots of one token: who of the tracked traders joined, left, added
 * or trimmed (by amount held, so a price move alone is not a trade), and the token's price, holder
 * count and top-ten share. Holders match by user id when both snapshots have it, else by handle.
 */
export function diffSnapshots(before: ComparableSnapshot, after: ComparableSnapshot): SnapshotDiff {
  const index = (s: ComparableSnapshot) => new Map(s.trackedHolders.map((h) => [holderKey(h), h]));
  const b = index(before);
  const a = index(after);
  // A holder recorded with a user id in one snapshot and without in the other still matches by handle.
  const byHandle = (m: Map<string, SnapshotHolder>, h: SnapshotHolder) =>
    m.get(holderKey(h)) ?? [...m.values()].find((x) => x.handle.toLowerCase() === h.handle.toLowerCase());
  const joined: HolderMove[] = [];
  const increased: HolderMove[] = [];
  const decreased: HolderMove[] = [];
  let unchanged = 0;
  const matched = new Set<SnapshotHolder>();
  for (const h of a.values()) {
    const prior = byHandle(b, h);
    if (!prior) {
      joined.push(move(undefined, h));
      continue;
    }
    matched.add(prior);
    const m = move(prior, h);
    if (m.amountChange === null || m.amountChange === 0) unchanged += 1;
    else (m.amountChange > 0 ? increased : decreased).push(m);
  }
  const exited = [...b.values()].filter((h) => !matched.has(h)).map((h) => move(h, undefined));
  const byValue = (x: HolderMove, y: HolderMove) => Math.abs(y.valueChange ?? 0) - Math.abs(x.valueChange ?? 0) || x.handle.localeCompare(y.handle);
  const times = [before.capturedAt, after.capturedAt].map((t) => (t ? Date.parse(t) : NaN));
  return {
    before: { id: before.id ?? null, capturedAt: before.capturedAt ?? null },
    after: { id: after.id ?? null, capturedAt: after.capturedAt ?? null },
    elapsedSeconds: times.every(Number.isFinite) ? Math.round((times[1] - times[0]) / 1000) : null,
    price: change(before.priceUsd, after.priceUsd),
    totalHolders: change(before.totalHolders, after.totalHolders),
    top10HoldersPercent: change(before.top10HoldersPercent, after.top10HoldersPercent),
    trackedHolderCount: change(before.trackedHolderCount ?? before.trackedHolders.length, after.trackedHolderCount ?? after.trackedHolders.length),
    trackedValueUsd: change(trackedValue(before), trackedValue(after)),
    joined: joined.sort(byValue),
    exited: exited.sort(byValue),
    increased: increased.sort(byValue),
    decreased: decreased.sort(byValue),
    unchanged,
  };
}
