/**
 * Source-text helpers of the document-edit layer: line boundaries, columns and the spans of
 * collection items, all from the node ranges the `yaml` parser records.
 */
import { isPair } from 'yaml';
import type { ParsedNode, Pair, YAMLMap, YAMLSeq } from 'yaml';

/** Offset of the start of the line holding `pos`. */
export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Offset just after the line break that ends the line holding `pos - 1` (or the text end). */
export function lineEndAfter(text: string, pos: number): number {
  if (pos > 0 && text[pos - 1] === '\n') return pos;
  const nl = text.indexOf('\n', pos);
  return nl < 0 ? text.length : nl + 1;
}

/** 0-based column of `pos`. */
export const columnOf = (text: string, pos: number): number => pos - lineStart(text, pos);

/** True when only spaces precede `pos` on its line. */
export const startsLine = (text: string, pos: number): boolean => text.slice(lineStart(text, pos), pos).trim() === '';

/** The offset of the `-` that introduces a block sequence item starting at `itemStart`, or -1. */
export function dashOf(text: string, itemStart: number): number {
  let i = itemStart - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i >= 0 && text[i] === '-' ? i : -1;
}

type AnyPair = Pair<ParsedNode, ParsedNode | null>;

/** Source span `[start, end)` of one item of a collection (a pair or a node), without separators. */
export function itemSpan(item: unknown): [number, number] {
  if (isPair(item)) {
    const pair = item as AnyPair;
    const key = pair.key as ParsedNode | null;
    const value = pair.value;
    const start = key?.range ? key.range[0] : (value?.range[0] ?? 0);
    const end = value?.range ? Math.max(value.range[1], key?.range?.[1] ?? 0) : (key?.range?.[1] ?? start);
    return [start, end];
  }
  const node = item as ParsedNode | null;
  return node?.range ? [node.range[0], node.range[1]] : [0, 0];
}

/** The spans of every item of a collection. */
export const itemSpans = (coll: YAMLMap.Parsed | YAMLSeq.Parsed): [number, number][] =>
  (coll.items as unknown[]).map(itemSpan);

/**
 * The full-line span of a block collection item: from the start of its line (its `-` or its
 * key) to just after the line break that ends its value. Null when the item does not start its
 * own line (e.g. the first key of a `- key: …` map), which callers handle separately.
 */
export function blockItemLines(text: string, item: unknown, isSeqItem: boolean): [number, number] | null {
  const [start, end] = itemSpan(item);
  const head = isSeqItem ? dashOf(text, start) : start;
  if (head < 0 || !startsLine(text, head)) return null;
  return [lineStart(text, head), lineEndAfter(text, end)];
}

/** Applies one splice. */
export const splice = (text: string, start: number, end: number, insert: string): string =>
  text.slice(0, start) + insert + text.slice(end);
