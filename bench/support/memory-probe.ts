/**
 * Preloaded (`node -r`) into the API process the watch bench starts, and nowhere else: on SIGUSR2 it
 * writes the process's memory figures, before and after a full garbage collection (the process runs
 * with --expose-gc), as JSON to the file named by SCOUT_BENCH_MEMORY_FILE, so the bench can read the
 * live heap from outside. It changes nothing else in the process.
 */
import { renameSync, writeFileSync } from 'node:fs';

export interface MemoryReport {
  before: NodeJS.MemoryUsage;
  afterGc: NodeJS.MemoryUsage;
}

const file = process.env.SCOUT_BENCH_MEMORY_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage();
    (globalThis as { gc?: () => void }).gc?.();
    const report: MemoryReport = { before, afterGc: process.memoryUsage() };
    // Written whole, then renamed: the bench never reads half a report.
    writeFileSync(`${file}.tmp`, JSON.stringify(report));
    renameSync(`${file}.tmp`, file);
  });
}
