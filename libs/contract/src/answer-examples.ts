import examples from './tool-answer-examples.json';

/** Where the example answers live, from the repository root (written by `npm run examples`). */
export const ANSWER_EXAMPLES_FILE = 'libs/contract/src/tool-answer-examples.json';

/** Lists in an example keep this many items: enough to show a row, short enough to read. */
const EXAMPLE_ITEMS = 2;

/** Fields whose values are secrets even in the sandbox's throwaway accounts: never written to a document. */
const SECRET_FIELDS: Readonly<Record<string, string>> = { signingSecret: 'whsec_<shown once, when the alert is created>' };

/** A real answer shortened for documentation: every list cut to its first items, secrets replaced, nothing else changed. */
export function shortenedExample(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, EXAMPLE_ITEMS).map(shortenedExample);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key in SECRET_FIELDS && typeof item === 'string' ? SECRET_FIELDS[key] : shortenedExample(item)]),
  );
}

/** The example answer (the whole envelope) of a tool, or null for a tool without one. */
export function answerExample(tool: string): unknown {
  return (examples as Record<string, unknown>)[tool] ?? null;
}
