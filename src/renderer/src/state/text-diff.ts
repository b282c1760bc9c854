/** A replacement of `[start, end)` (offsets in the old text) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The single smallest edit turning `before` into `after`: the common prefix and suffix are kept,
 * only the middle is replaced. Guarantees `apply(before, edit) === after`; null when equal.
 * Offsets never split a UTF-16 surrogate pair.
 */
export function minimalEdit(before: string, after: string): TextEdit | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { start: prefix, end: before.length - suffix, text: after.slice(prefix, after.length - suffix) };
}

/** Applies an edit to a text. */
export const applyEdit = (text: string, edit: TextEdit): string =>
  text.slice(0, edit.start) + edit.text + text.slice(edit.end);

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/** 1-based line and column of an offset, as Monaco positions count them. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
