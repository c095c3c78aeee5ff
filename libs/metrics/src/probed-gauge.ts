import { Gauge } from 'prom-client';
import { metricsRegistry } from './registry';

/** One value of a probed gauge, with its labels. */
export interface GaugeSample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

/** Reads the current values of a gauge from where the numbers already live; may be async (a query, a queue's counts). */
export type GaugeProbe<L extends string> = () => GaugeSample<L>[] | Promise<GaugeSample<L>[]>;

/** How long one probe may take before the scrape goes on without it (a database that does not answer). */
export const PROBE_TIMEOUT_MS = 2_000;

async function withinProbeTime<L extends string>(probe: GaugeProbe<L>): Promise<GaugeSample<L>[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(probe), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** How samples of two probes with the same labels combine (e.g. two apps in one process). */
export type SampleMerge = 'sum' | 'max';

/**
 * A gauge read at scrape time (pull): each part of Scout that holds the numbers adds a probe and
 * removes it when it shuts down; a scrape resets the gauge and sets what the probes read. A probe
 * that throws, or takes longer than PROBE_TIMEOUT_MS, is skipped for that scrape (the gauge then lacks its series rather than the scrape
 * failing).
 */
export class ProbedGauge<L extends string> {
  private readonly probes = new Set<GaugeProbe<L>>();
  readonly gauge: Gauge<L>;

  constructor(name: string, help: string, labelNames: readonly L[], merge: SampleMerge = 'sum') {
    const probes = this.probes;
    this.gauge = new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      async collect() {
        const results = await Promise.allSettled([...probes].map((probe) => withinProbeTime(probe)));
        const merged = new Map<string, GaugeSample<L>>();
        for (const result of results) {
          if (result.status !== 'fulfilled') continue;
          for (const sample of result.value) {
            const key = labelNames.map((label) => sample.labels[label] ?? '').join('\u0000');
            const earlier = merged.get(key);
            if (!earlier) merged.set(key, { labels: sample.labels, value: sample.value });
            else earlier.value = merge === 'sum' ? earlier.value + sample.value : Math.max(earlier.value, sample.value);
          }
        }
        this.reset();
        for (const sample of merged.values()) this.set(sample.labels, sample.value);
      },
    });
  }

  /** Adds a probe; the function returned removes it (call it on shutdown). */
  addProbe(probe: GaugeProbe<L>): () => void {
    this.probes.add(probe);
    return () => this.probes.delete(probe);
  }
}
