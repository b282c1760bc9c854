/**
 * Tiny argument checkers for the Api adapters: every value crossing from the renderer is `unknown`
 * until one of these accepts it. Each returns null when valid, else a sentence naming the problem.
 */
export type Check = (value: unknown) => string | null;

/** Longest text a document or draft may have (characters). */
export const MAX_TEXT = 16 * 1024 * 1024;
/** Longest path or id string. */
export const MAX_SHORT = 4096;

/** A string of at most `max` characters without NUL. */
export const str =
  (max = MAX_SHORT): Check =>
  (v) =>
    typeof v !== 'string' ? 'must be a string' : v.length > max ? `must be at most ${max} characters` : v.includes('\0') ? 'must not contain a NUL byte' : null;

/** Any string up to MAX_TEXT (document text; NUL allowed, it is the user's content). */
export const text: Check = (v) => (typeof v !== 'string' ? 'must be a string' : v.length > MAX_TEXT ? `must be at most ${MAX_TEXT} characters` : null);

/** A boolean. */
export const bool: Check = (v) => (typeof v === 'boolean' ? null : 'must be true or false');

/** A sha256 hex digest. */
export const hashHex: Check = (v) => (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) ? null : 'must be a sha256 hash (64 lowercase hex digits)');

/** An integer within [min, max]. */
export const int =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? null : `must be a whole number from ${min} to ${max}`;

/** A finite number strictly between lo and hi. */
export const between =
  (lo: number, hi: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) && v > lo && v < hi ? null : `must be a number between ${lo} and ${hi}`;

/** `check` or null. */
export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null ? null : check(v);

/** An array of exactly `checks.length` items. */
export const tuple =
  (...checks: Check[]): Check =>
  (v) => {
    if (!Array.isArray(v) || v.length !== checks.length) return `must be a list of ${checks.length} items`;
    for (let i = 0; i < checks.length; i++) {
      const problem = checks[i](v[i]);
      if (problem) return `item ${i + 1} ${problem}`;
    }
    return null;
  };

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);

/** A plain object with only the given keys; keys marked optional may be absent (or undefined). */
export const object =
  (required: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
  (v) => {
    if (!isPlainObject(v)) return 'must be an object';
    for (const key of Object.keys(v)) {
      // Own properties only: `key in spec` would accept inherited names (constructor, toString, __proto__…).
      if (!Object.hasOwn(required, key) && !Object.hasOwn(optional, key)) return `has an unknown field '${key.slice(0, 40)}'`;
    }
    for (const [key, check] of Object.entries(required)) {
      const problem = check(v[key]);
      if (problem) return `field '${key}' ${problem}`;
    }
    for (const [key, check] of Object.entries(optional)) {
      if (v[key] === undefined) continue;
      const problem = check(v[key]);
      if (problem) return `field '${key}' ${problem}`;
    }
    return null;
  };

/**
 * A list of 1..`maxItems` items each accepted by `check`; string fields of all items together at
 * most `maxTotal` characters.
 */
export const list =
  (check: Check, maxItems: number, maxTotal: number): Check =>
  (v) => {
    if (!Array.isArray(v) || v.length === 0) return 'must be a non-empty list';
    if (v.length > maxItems) return `must have at most ${maxItems} items`;
    let total = 0;
    for (let i = 0; i < v.length; i++) {
      const problem = check(v[i]);
      if (problem) return `item ${i + 1} ${problem}`;
      for (const field of Object.values(v[i] as Record<string, unknown>)) if (typeof field === 'string') total += field.length;
      if (total > maxTotal) return `must total at most ${maxTotal} characters`;
    }
    return null;
  };

/** A plain object mapping strings to texts, at most `maxEntries` entries and `maxTotal` characters. */
export const textRecord =
  (maxEntries: number, maxTotal: number): Check =>
  (v) => {
    if (!isPlainObject(v)) return 'must be an object of path → text';
    const entries = Object.entries(v);
    if (entries.length > maxEntries) return `must have at most ${maxEntries} entries`;
    let total = 0;
    for (const [key, value] of entries) {
      if (key.length > MAX_SHORT) return 'has a key that is too long';
      if (typeof value !== 'string') return `field '${key.slice(0, 80)}' must be a string`;
      total += value.length;
      if (total > maxTotal) return `must total at most ${maxTotal} characters`;
    }
    return null;
  };

/** An argument list spec: required checks, then optional ones (absent, undefined or null). */
export interface ArgSpec {
  names: string[];
  required: Check[];
  optional?: Check[];
}

/** Null when `args` fits `spec` (no extra arguments), else a sentence naming the bad argument. */
export function checkArgs(spec: ArgSpec, args: unknown[]): string | null {
  const optional = spec.optional ?? [];
  const max = spec.required.length + optional.length;
  if (args.length < spec.required.length) return `expects at least ${spec.required.length} argument(s), got ${args.length}`;
  if (args.length > max) return `expects at most ${max} argument(s), got ${args.length}`;
  const all = [...spec.required, ...optional];
  for (let i = 0; i < args.length; i++) {
    // An absent optional argument arrives as undefined over IPC and as null over JSON.
    if (i >= spec.required.length && (args[i] === undefined || args[i] === null)) continue;
    const problem = all[i](args[i]);
    if (problem) return `argument '${spec.names[i]}' ${problem}`;
  }
  return null;
}
