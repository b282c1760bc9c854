/**
 * Tolerant readers of parsed YAML data: a form or a print sheet must render whatever the user
 * typed, so every read falls back to an empty value instead of trusting the schema.
 */

/** The value as a plain object, or `{}`. */
export const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The value as an array, or `[]`. */
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The value as a string (numbers and booleans converted), or `''`. */
export const asString = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/** The value as a finite number, or undefined. */
export const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The strings of an array value, skipping anything else. */
export const asStrings = (v: unknown): string[] => asArray(v).filter((x): x is string => typeof x === 'string');

/** A display name for an entry: its `name`, else its `id`, else a fallback. */
export const nameOf = (v: unknown, fallback: string): string => {
  const r = asRecord(v);
  return asString(r.name).trim() || asString(r.id).trim() || fallback;
};
