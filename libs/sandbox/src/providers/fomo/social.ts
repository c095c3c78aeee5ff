/**
 * Theses (written calls attached to a position when it opened) and the comment threads under a
 * trade. Both derive from the position's plan and the seed, with times: likes grow over the two
 * days after a thesis is posted, comments appear one by one after it, and nothing later than the
 * clock is visible. Comments are regenerated on demand (a thread is a few dozen rows at most).
 */
import { hash32, hashString, mulberry32, pick } from '../../prng';
import type { FomoPosition } from './types';
import { derivedId, type FomoPopulation } from './population';

const LIKE_RAMP_MS = 2 * 86_400_000;

const CALLS = [
  'chart looks ready, volume picking up',
  'dev is active, community growing fast',
  'early, low cap, high conviction',
  'narrative play, sizing small',
  'bounce off support, tight stop',
  'whales accumulating, following the flow',
  'breakout retest, adding here',
  'long term bag, not selling',
  'mean reversion trade, quick flip',
  'listing rumours, in before the crowd',
];
const REPLIES = [
  'lfg',
  'what is your target?',
  'aped too',
  'this aged well',
  'careful, liquidity is thin',
  'sold half already',
  'source?',
  'ngmi',
  'wen moon',
  'great call',
  'stop loss?',
  'bought the top lol',
];

export interface Thesis {
  position: FomoPosition;
  thesisId: string;
  text: string;
  at: number;
  likes: number;
}

export interface Comment {
  commentId: string;
  tradeId: string;
  userIndex: number;
  text: string;
  likes: number;
  parentId: string | null;
  at: number;
  links: string[];
}

/** The thesis of a position visible at t (null without one, or when posted later than t). */
export function thesisOf(p: FomoPosition, t: number, seed: number): Thesis | null {
  if (!p.thesis || p.thesis.at > t) return null;
  const age = t - p.thesis.at;
  return {
    position: p,
    thesisId: derivedId(seed, 'fomo:thesis', p.user, p.day, p.slot),
    text: `$${p.token.symbol}: ${CALLS[p.thesis.topic % CALLS.length]}`,
    at: p.thesis.at,
    likes: Math.floor(p.thesis.likesMax * Math.min(1, age / LIKE_RAMP_MS)),
  };
}

/** Theses among a trader's positions at t, newest first. */
export function thesesOf(positions: readonly FomoPosition[], t: number, seed: number): Thesis[] {
  const out: Thesis[] = [];
  for (const p of positions) {
    const th = thesisOf(p, t, seed);
    if (th) out.push(th);
  }
  return out.sort((a, b) => b.at - a.at);
}

/**
 * The comment thread under a trade at t, oldest first. A trade with a thesis draws comments from
 * the trader's followers (and strangers); about a third are replies to an earlier comment.
 */
export function commentsOf(p: FomoPosition, t: number, seed: number, population: FomoPopulation): Comment[] {
  const start = p.thesis?.at ?? p.events[0].at;
  const rand = mulberry32(hash32(seed, hashString('fomo:comments'), p.user, p.day, p.slot));
  const n = p.thesis ? Math.floor(p.thesis.likesMax / 25 + rand() * 5) : rand() < 0.2 ? 1 : 0;
  const fans = population.followers[p.user];
  const out: Comment[] = [];
  let at = start;
  for (let i = 0; i < n; i++) {
    at += Math.floor(60_000 + rand() ** 3 * 12 * 3_600_000);
    const userIndex = fans.length && rand() < 0.8 ? fans[Math.floor(rand() * fans.length)] : Math.floor(rand() * population.users.length);
    const parent = out.length && rand() < 0.35 ? out[Math.floor(rand() * out.length)] : null;
    const likesMax = Math.floor(rand() ** 3 * 40);
    const link = rand() < 0.1 ? [`https://x.com/${population.users[userIndex].handle}/status/${hash32(seed, i, p.day, p.slot)}`] : [];
    const c: Comment = {
      commentId: derivedId(seed, 'fomo:comment', p.user, p.day, p.slot, i),
      tradeId: p.tradeId,
      userIndex,
      text: parent ? `@${population.users[parent.userIndex].handle} ${pick(rand, REPLIES)}` : pick(rand, REPLIES),
      likes: 0,
      parentId: parent?.commentId ?? null,
      at,
      links: link,
    };
    if (at > t) break;
    c.likes = Math.floor(likesMax * Math.min(1, (t - at) / LIKE_RAMP_MS));
    out.push(c);
  }
  return out;
}
