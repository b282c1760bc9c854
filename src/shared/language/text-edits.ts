/** Text edits by offset, and the changed lines they make (for previews). */

/** Replace `[start, end)` of a text by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

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
