import type { ValidationIssue } from '../errors/scout-error';

/**
 * Deepest nesting accepted in any input (JSON body or query). Scout's deepest input is an object
 * in a list in an object (3 levels); 32 leaves room for any future tool while keeping every
 * recursive library (class-transformer, class-validator) far from the stack limit.
 */
export const MAX_INPUT_DEPTH = 32;

/** Issues reported at most per request: a hostile body could otherwise fill the answer with them. */
export const MAX_SCREEN_ISSUES = 20;

/**
 * Names every object inherits (`constructor`, `toString`, `__proto__`, ...). class-validator's
 * whitelist looks fields up in plain objects, so these passed as "known" fields; no input field
 * has such a name, so they are refused like any unknown field.
 */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** C0 controls and DEL: NUL cannot be stored in PostgreSQL text, and none has a use in an input. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
/** The same, less tab, line feed and carriage return: for fields that allow line breaks. */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A UTF-16 surrogate without its pair: not a character at all. It cannot be encoded for an upstream
 * URL (encodeURIComponent throws) nor stored as text, so it is refused like a control character.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text with nothing visible in it: only white space, line or paragraph separators (U+2028/2029)
 * and invisible format characters (zero-width space, byte order mark, bidi marks). No input means
 * anything by it, and a provider refuses it (a 502 where the caller's mistake is a 400).
 */
const BLANK = /^[\s\p{Cf}]+$/u;

const LINE_BREAK_FIELDS = new WeakMap<object, Set<string>>();

/**
 * Lets a free-text field of a DTO (an admin's reason) hold tabs and line breaks; every other
 * control character stays refused. Applies to the DTO's own top-level fields.
 */
export function AllowsLineBreaks(): PropertyDecorator {
  return (target, property) => {
    const fields = LINE_BREAK_FIELDS.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    LINE_BREAK_FIELDS.set(target.constructor, fields);
  };
}

/** The fields of `dto` and the classes it extends marked @AllowsLineBreaks (none for anything else). */
export function lineBreakFieldsOf(dto: unknown): ReadonlySet<string> {
  const fields = new Set<string>();
  for (let type = dto; typeof type === 'function'; type = Object.getPrototypeOf(type)) {
    for (const field of LINE_BREAK_FIELDS.get(type) ?? []) fields.add(field);
  }
  return fields;
}

const NULLS_WITHIN_FIELDS = new WeakMap<object, Set<string>>();

/**
 * Lets the inside of an object field hold nulls: a record the caller copies from an earlier answer
 * (a snapshot), where null means unknown. The field itself still may not be null. Applies to the
 * DTO's own top-level fields.
 */
export function AllowsNullsWithin(): PropertyDecorator {
  return (target, property) => {
    const fields = NULLS_WITHIN_FIELDS.get(target.constructor) ?? new Set<string>();
    fields.add(String(property));
    NULLS_WITHIN_FIELDS.set(target.constructor, fields);
  };
}

/** The fields of `dto` and the classes it extends marked @AllowsNullsWithin. */
export function nullsWithinFieldsOf(dto: unknown): ReadonlySet<string> {
  const fields = new Set<string>();
  for (let type = dto; typeof type === 'function'; type = Object.getPrototypeOf(type)) {
    for (const field of NULLS_WITHIN_FIELDS.get(type) ?? []) fields.add(field);
  }
  return fields;
}

/** A field name fit for an issue path or a message: control characters and lone surrogates shown as U+FFFD. */
function printable(key: string): string {
  return key.replace(CONTROL_CHARACTERS, '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

const join = (parent: string, key: string) => (parent ? `${parent}.${key}` : key);

/** True when `value` nests objects or arrays deeper than `maxDepth` (the top level is depth 1). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 1 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > maxDepth) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The checks every input gets before its DTO sees it, whatever the tool or route, so no rule has
 * to be repeated per field:
 *  - no nesting deeper than MAX_INPUT_DEPTH;
 *  - no prototype-named field;
 *  - no control character in a string or a field name (tabs and line breaks pass in the
 *    top-level fields marked @AllowsLineBreaks), and no lone surrogate (not valid Unicode);
 *  - no blank string (only spaces or invisible characters), except inside @AllowsNullsWithin
 *    fields, which hold copies of earlier answers;
 *  - no explicit null: an optional field is left out to get its default (class-validator's
 *    @IsOptional skips every rule of a null field, so a null reached handlers as is), except
 *    inside the top-level fields marked @AllowsNullsWithin;
 *  - no list directly inside a list: no input takes one, and @ValidateNested({ each: true })
 *    validates an inner list's items instead of refusing the list, so it passed.
 * Walks iteratively, so depth cannot overflow the stack here either.
 */
export function screenInput(
  input: unknown,
  root = '',
  lineBreakFields: ReadonlySet<string> = new Set(),
  nullsWithinFields: ReadonlySet<string> = new Set(),
): ValidationIssue[] {
  const nullAllowed = (path: string) => [...nullsWithinFields].some((field) => path.startsWith(`${field}.`));
  const issues: ValidationIssue[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number; inList: boolean }> = [{ value: input, path: root, depth: 1, inList: false }];
  while (stack.length > 0 && issues.length < MAX_SCREEN_ISSUES) {
    const { value, path, depth, inList } = stack.pop()!;
    if (value === null) {
      if (nullAllowed(path)) continue;
      const hint = inList ? '' : ': leave the field out to use its default';
      issues.push({ path, message: `${path || 'the input'} must not be null${hint}` });
    } else if (typeof value === 'string') {
      const refused = lineBreakFields.has(path) ? CONTROL_CHARACTER_BUT_LINE_BREAKS : CONTROL_CHARACTER;
      if (refused.test(value)) {
        issues.push({ path, message: `${path || 'the input'} must not contain control characters (U+0000-U+001F, U+007F)` });
      } else if (LONE_SURROGATE.test(value)) {
        issues.push({ path, message: `${path || 'the input'} must be valid Unicode (it holds a lone surrogate)` });
      } else if (BLANK.test(value) && !nullAllowed(path)) {
        issues.push({ path, message: `${path || 'the input'} is blank: it holds only spaces or invisible characters` });
      }
    } else if (typeof value === 'object') {
      if (Array.isArray(value) && inList) {
        issues.push({ path, message: `${path} must not be a list: no input takes a list of lists` });
        continue;
      }
      if (depth > MAX_INPUT_DEPTH) {
        issues.push({ path, message: `the input nests deeper than ${MAX_INPUT_DEPTH} levels` });
        continue;
      }
      const entries = Object.entries(value as Record<string, unknown>);
      // Pushed in reverse so children are visited in field order.
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i];
        const childPath = join(path, printable(key));
        if (!Array.isArray(value) && PROTOTYPE_KEYS.has(key)) {
          issues.push({ path: childPath, message: `unknown field "${key}"` });
        } else if (CONTROL_CHARACTER.test(key)) {
          issues.push({ path: childPath, message: 'field names must not contain control characters' });
        } else if (LONE_SURROGATE.test(key)) {
          issues.push({ path: childPath, message: 'field names must be valid Unicode (no lone surrogate)' });
        } else {
          stack.push({ value: child, path: childPath, depth: depth + 1, inList: Array.isArray(value) });
        }
      }
    }
  }
  return issues.slice(0, MAX_SCREEN_ISSUES);
}
