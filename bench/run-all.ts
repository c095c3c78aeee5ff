/**
 * `npm run bench`: every benchmark in turn, each to the end even when an earlier one missed a goal,
 * then a line per benchmark; exits 1 if any failed or missed a goal.
 */
import { spawnSync } from 'node:child_process';

const BENCHES = [
  'bench:ledger',
  'bench:charges',
  'bench:http',
  'bench:ledger-scale',
  'bench:watch',
  'bench:sandbox',
  'bench:shared-cache',
  'bench:answers',
  'bench:tracing',
];

const outcomes = BENCHES.map((name) => {
  const run = spawnSync('npm', ['run', name], { stdio: 'inherit', env: process.env });
  return { name, status: run.status ?? 1 };
});
process.stdout.write('\n');
for (const { name, status } of outcomes) process.stdout.write(`${name}: ${status === 0 ? 'goals met' : `exit ${status} (a goal missed, or the run failed)`}\n`);
process.exit(outcomes.some((o) => o.status !== 0) ? 1 : 0);
