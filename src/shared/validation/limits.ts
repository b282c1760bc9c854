/** Hard limits that keep hostile or broken input from exhausting memory or the stack. */

/** Largest file the loader accepts, in UTF-8 bytes (checked before parsing). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Most alias dereferences (`*name`) one document may perform, nested expansions included. */
export const MAX_ALIAS_COUNT = 100;
/** Deepest nesting of mappings and sequences a document may have. */
export const MAX_DEPTH = 64;
/**
 * Most values one document may hold or expand to: counted before parsing by the pre-scan (a huge
 * flow sequence is refused before any tree is built) and again while converting (alias bombs).
 */
export const MAX_NODES = 200_000;
/** The `yaml-hostile` message of a document over MAX_NODES. */
export const NODES_MESSAGE = `the document expands to more than ${MAX_NODES} values; split it into smaller files`;
/** Keys that could reach `Object.prototype`; they are dropped from data and reported. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
