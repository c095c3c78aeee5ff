/** One sample line of the Prometheus text format: `name{label="value",...} value`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** One metric family as the text declares it (`# HELP`, `# TYPE`) with its samples. */
export interface MetricFamily {
  name: string;
  help: string;
  type: string;
  samples: MetricSample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?\s*/y;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** As Prometheus reads it (Go's ParseFloat): NaN and Inf in any case (prom-client writes `Nan`). */
function parseValue(text: string): number {
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const value = Number(text);
  if (text.trim() === '' || Number.isNaN(value)) throw new Error(`not a sample value: "${text}"`);
  return value;
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`malformed labels in line: ${line}`);
    labels[match[1]] = unescape(match[2]);
  }
  return labels;
}

/**
 * Reads the Prometheus text exposition format (version 0.0.4) strictly: every line is a `# HELP`,
 * a `# TYPE`, another comment, a blank, or a sample whose family was declared before it; anything
 * else throws, naming the line. A histogram's `_bucket`, `_sum` and `_count` samples and a
 * summary's belong to their family. For the tests and tools that read `/metrics`.
 */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, help: '', type: 'untyped', samples: [] }));
    return found;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
      if (meta?.[1] === 'HELP') family(meta[2]).help = unescape(meta[3]);
      if (meta?.[1] === 'TYPE') family(meta[2]).type = meta[3];
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const name = sample[1];
    const base = families.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    const owner = families.get(base);
    if (!owner) throw new Error(`sample of an undeclared metric: ${line}`);
    owner.samples.push({ name, labels: parseLabels(sample[2] ?? '', line), value: parseValue(sample[3]) });
  }
  return families;
}

/**
 * The sum of the samples named `sample` whose labels include every label of `where` (0 when none
 * match): e.g. a counter's total over the labels left out.
 */
export function sampleSum(families: Map<string, MetricFamily>, sample: string, where: Record<string, string> = {}): number {
  const base = families.has(sample) ? sample : sample.replace(/_(bucket|sum|count)$/, '');
  return (families.get(base)?.samples ?? [])
    .filter((s) => s.name === sample && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}
