/** Hard limits that keep hostile or broken input from exhausting memory or the stack. */

/** Largest file the loader accepts, in UTF-8 bytes (checked before parsing). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Most alias dereferences (`*name`) one document may perform, nested expansions included. */
export const MAX_ALIAS_COUNT = 100;
/** Deepest nesting of mappings and sequences a document may have. */
export const MAX_DEPTH = 64;
/** Most values one document may expand to (guards alias bombs below the alias limit). */
export const MAX_NODES = 200_000;
/** Keys that could reach `Object.prototype`; they are dropped from data and reported. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
