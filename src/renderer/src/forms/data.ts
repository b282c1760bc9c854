/**
 * Tolerant readers of parsed YAML data: a form must render whatever the user typed, so every
 * read falls back to an empty value instead of trusting the schema.
 */

import { asString } from '../../../shared/model/read';

export { asArray, asNumber, asRecord, asString, asStrings, nameOf } from '../../../shared/model/read';

/** The first `prefix-N` not in `taken` (N from 1). */
export function freshId(prefix: string, taken: Iterable<unknown>): string {
  const used = new Set([...taken].map((t) => asString(t)));
  for (let n = 1; ; n++) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}

/** The value at `path` inside plain data, or undefined. */
export function getIn(data: unknown, path: readonly (string | number)[]): unknown {
  let node: unknown = data;
  for (const seg of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}
