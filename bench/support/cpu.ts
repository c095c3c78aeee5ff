import { readdirSync, readFileSync } from 'node:fs';
import type { LoadResult } from './load';

/** CPU per answered call, µs: the API process, the PostgreSQL server, the load generator (this process). */
export interface CallCpu {
  api: number;
  db: number;
  load: number;
}

export const perCall = (cpu: CallCpu) => `${cpu.api.toFixed(0)} / ${cpu.db.toFixed(0)} / ${cpu.load.toFixed(0)}`;

/**
 * CPU time of every process named postgres on this machine (the server, when it runs here), ms; 0
 * when there is none. With the CPU of children that ended (cutime, cstime: the postmaster's share
 * of backends it reaped), so a connection closing between two readings does not take its CPU away.
 */
export function postgresCpuMs(): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / ticks;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/**
 * A load run with the CPU each side spent per answered call: the API, the database server (all its
 * processes: a shared machine's other databases count too) and this process (autocannon and the
 * sandbox), which share the machine's cores: rate ~ cores / (their sum).
 */
export async function withCpu(apiCpuMs: () => number, run: () => Promise<LoadResult>): Promise<{ run: LoadResult; cpu: CallCpu }> {
  const [apiBefore, dbBefore, loadBefore] = [apiCpuMs(), postgresCpuMs(), process.cpuUsage()];
  const result = await run();
  const loadSpent = process.cpuUsage(loadBefore);
  const calls = Math.max(1, result.ok);
  return {
    run: result,
    cpu: {
      api: ((apiCpuMs() - apiBefore) * 1000) / calls,
      db: ((postgresCpuMs() - dbBefore) * 1000) / calls,
      load: (loadSpent.user + loadSpent.system) / calls,
    },
  };
}
