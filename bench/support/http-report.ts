/**
 * bench:http's figures: the paid paths it times, each round's table, and the goals (issue 39)
 * judged from the rounds' medians and the reads' ratios.
 */
import { availableParallelism } from 'node:os';
import { perCall, type CallCpu } from './cpu';
import type { Read, ReadTimes } from './http-reads';
import { median, type LoadResult } from './load';

/** The two ways a paid call is charged, each answered from cache after the warm-up. */
export const PAID_PATHS = [
  { name: 'direct', tool: 'service_chain_health', what: 'cached direct charge', bare: '/bench/bare', bodyEnv: 'BARE_BODY_FILE' },
  { name: 'hold', tool: 'service_fomo_leaderboard?window=7d', what: 'hold and post', bare: '/bench/bare-hold', bodyEnv: 'BARE_HOLD_BODY_FILE' },
] as const;
export type PaidPath = (typeof PAID_PATHS)[number];
export type PathName = PaidPath['name'];

/** Issue 39's goals. */
export const GOALS = { meteredVsBare: 0.7, p99VsBare: 2, lateVsEarly: 0.9, readsLargeVsSmall: 1.5 };

export interface Run {
  run: LoadResult;
  cpu: CallCpu;
}
export interface MeteredRun extends Run {
  /** Usage entries of the run's tool the ledger gained during the run. */
  entries: number;
}
export interface Round {
  /** The bare route answering each path's own bytes (null: BENCH_METERED_ONLY). */
  bare: Partial<Record<PathName, Run>> | null;
  metered: Partial<Record<PathName, MeteredRun>>;
}

/** How the connections' keys are dealt for one kind of traffic. */
export interface Traffic {
  name: string;
  label: string;
  keys: string[];
}

export interface Goal {
  figure: string;
  value: string;
  goal: string;
  met: boolean;
}

const ms = (value: number) => value.toFixed(1);
const rateAndP99 = (run: Run | undefined) => (run ? `${run.run.rps} (${run.run.p99})` : '-');

/** One row per round: each path's rate and p99 beside its bare route's, and the CPU per call of each. */
export function printRounds(traffic: Traffic, paths: readonly PaidPath[], rounds: Round[]): void {
  process.stdout.write(`\n${traffic.label} (CPU per call, µs: API / PostgreSQL / load generator)\n`);
  console.table(
    rounds.map((r, i) => {
      const row: Record<string, string | number> = { round: i + 1 };
      for (const path of paths) {
        row[`${path.name} rps (p99)`] = rateAndP99(r.metered[path.name]);
        row[`${path.name} bare rps (p99)`] = rateAndP99(r.bare?.[path.name]);
      }
      for (const path of paths) {
        row[`${path.name} CPU`] = perCall(r.metered[path.name]!.cpu);
        row[`${path.name} bare CPU`] = r.bare?.[path.name] ? perCall(r.bare[path.name]!.cpu) : '-';
      }
      return row;
    }),
  );
}

/**
 * The most calls a second these runs' CPU per call allows on `cores` cores: the API, the database
 * server and the load generator share the machine, so with every core busy without a pause the
 * rate cannot pass cores ÷ their summed CPU per call (medians over the runs). Not a goal: it tells
 * a ratio held down by the machine (a bare route cheap enough that the metered call's extra
 * process cannot keep up on the cores left) from one held down by Scout.
 */
export function cpuCeiling(runs: Array<{ cpu: CallCpu }>, cores: number): number {
  const perCallUs = median(runs.map(({ cpu }) => cpu.api + cpu.db + cpu.load));
  return perCallUs > 0 ? Math.round((cores * 1_000_000) / perCallUs) : Infinity;
}

/** The goals of one kind of traffic, and its row of the side-by-side table. */
export function judgeTraffic(
  traffic: Traffic,
  paths: readonly PaidPath[],
  rounds: Round[],
  meteredOnly: boolean,
  cores = availableParallelism(),
): { goals: Goal[]; row: Record<string, string> } {
  const goals: Goal[] = [];
  const row: Record<string, string> = { traffic: traffic.label };
  for (const path of paths) {
    const bareRps = median(rounds.map((r) => r.bare?.[path.name]?.run.rps ?? 1));
    const bareP99 = median(rounds.map((r) => r.bare?.[path.name]?.run.p99 ?? 0));
    row[`${path.name}: its bare rps (p99 ms)`] = `${bareRps} (${bareP99})`;
    const runs = rounds.map((r) => r.metered[path.name]!);
    const rps = median(runs.map((r) => r.run.rps));
    const p99 = median(runs.map((r) => r.run.p99));
    const ratio = rps / bareRps;
    const p99Ratio = bareP99 > 0 ? p99 / bareP99 : Infinity;
    // Round one decides nothing: the last three rounds against rounds two to four.
    const late = median(runs.slice(-3).map((r) => r.run.rps)) / median(runs.slice(1, 4).map((r) => r.run.rps));
    const answered = runs.reduce((sum, r) => sum + r.run.ok, 0);
    const entries = runs.reduce((sum, r) => sum + r.entries, 0);
    row[`${path.name}: rps, ×bare`] = `${rps}, ${ratio.toFixed(2)}`;
    row[`${path.name}: p99 ms, ×bare`] = `${p99}, ${p99Ratio.toFixed(2)}`;
    row[`${path.name}: late/early`] = late.toFixed(2);
    const ceiling = cpuCeiling(runs, cores);
    row[`${path.name}: ${cores}-core ceiling, ×bare`] = meteredOnly ? `${ceiling}` : `${ceiling}, ${(ceiling / bareRps).toFixed(2)}`;
    const name = `${traffic.label}, ${path.what}`;
    goals.push({ figure: `${name}: usage entries = 2xx answers`, value: `${entries} / ${answered}`, goal: 'equal', met: entries === answered });
    if (!meteredOnly) {
      goals.push(
        { figure: `${name}: rate / bare`, value: ratio.toFixed(2), goal: `>= ${GOALS.meteredVsBare}`, met: ratio >= GOALS.meteredVsBare },
        {
          figure: `${name}: p99 / bare p99`,
          value: `${p99} / ${bareP99} ms = ${p99Ratio.toFixed(2)}`,
          goal: `<= ${GOALS.p99VsBare}`,
          met: p99Ratio <= GOALS.p99VsBare,
        },
      );
    }
    goals.push({
      figure: `${name}: last three rounds / rounds 2-4 (median rps)`,
      value: late.toFixed(2),
      goal: `>= ${GOALS.lateVsEarly}`,
      met: late >= GOALS.lateVsEarly,
    });
  }
  return { goals, row };
}

/** Each read's worst ratio (one caller or sixteen) from the small ledger to the large one. */
export function judgeReads(list: Read[], small: ReadTimes, large: ReadTimes, sizes: { small: number; large: number }): Goal[] {
  return list.map((read) => {
    const worst = Math.max(large[read.name].one / small[read.name].one, large[read.name].sixteen / small[read.name].sixteen);
    return {
      figure: `${read.name}: mean ms, ${sizes.small.toLocaleString('en')} → ${sizes.large.toLocaleString('en')} entries (1 / 16 callers)`,
      value: `${ms(small[read.name].one)}→${ms(large[read.name].one)} / ${ms(small[read.name].sixteen)}→${ms(large[read.name].sixteen)} (×${worst.toFixed(2)})`,
      goal: `<= ×${GOALS.readsLargeVsSmall}`,
      met: worst <= GOALS.readsLargeVsSmall,
    };
  });
}
