/** Text edits by offset, and the changed lines they make (for previews). */

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


/** Applies non-overlapping edits (any order) to a text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** One changed line: its 1-based number and its text before and after. */
export interface ChangedLine {
  line: number;
  before: string;
  after: string;
}

/** The lines `edits` change, each once, with their text before and after (edits within one line each). */
export function changedLines(text: string, edits: readonly TextEdit[]): ChangedLine[] {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number): number => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const byLine = new Map<number, TextEdit[]>();
  for (const e of edits) {
    const l = lineOf(e.start);
    (byLine.get(l) ?? byLine.set(l, []).get(l)!).push(e);
  }
  return [...byLine.keys()].sort((a, b) => a - b).map((l) => {
    const s = lineStarts[l];
    const nl = text.indexOf('\n', s);
    const end = nl < 0 ? text.length : nl;
    const before = text.slice(s, end).replace(/\r$/, '');
    const local = byLine.get(l)!.map((e) => ({ start: e.start - s, end: e.end - s, text: e.text }));
    return { line: l + 1, before, after: applyTextEdits(text.slice(s, end), local).replace(/\r$/, '') };
  });
}
