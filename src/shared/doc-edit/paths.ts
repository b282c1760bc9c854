/**
 * From source positions back to document paths: which node a diagnostic points at, so a form
 * can show the message beside the field that edits that node.
 */
import { isMap, isPair, isSeq } from 'yaml';
import type { Document, ParsedNode } from 'yaml';
import type { Diagnostic } from '../diagnostics';
import { offsetOf, pathKey } from './parse';
import type { DocPath, PathSegment } from './parse';

const contains = (node: ParsedNode | null | undefined, offset: number): boolean =>
  !!node?.range && offset >= node.range[0] && offset < Math.max(node.range[1], node.range[0] + 1);

/**
 * The path of the deepest node whose source holds `offset`. A position on a key is about a
 * collection when the key holds one (e.g. "the key for a missing property" of a nested map), else
 * about the map that has the key (an unknown property, or a property missing from a list item,
 * which the validator reports at the item's first key). Outside every node: `[]`.
 */
export function pathAtOffset(document: Document.Parsed, offset: number): PathSegment[] {
  const path: PathSegment[] = [];
  let node: ParsedNode | null = document.contents;
  for (;;) {
    let next: ParsedNode | null = null;
    if (isMap(node)) {
      for (const item of node.items) {
        if (!isPair(item)) continue;
        const key = item.key as ParsedNode | null;
        const value = item.value as ParsedNode | null;
        const seg = key && 'value' in key ? String((key as { value: unknown }).value) : null;
        if (seg === null) continue;
        if (contains(key, offset)) return isMap(value) || isSeq(value) ? [...path, seg] : path;
        if (contains(value, offset)) {
          path.push(seg);
          next = value;
          break;
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        if (next === null && contains(item as ParsedNode, offset)) {
          path.push(i);
          next = item as ParsedNode;
        }
      });
    }
    if (next === null) return path;
    node = next;
  }
}

/** Diagnostics of one document grouped by the path key (`members.0.die`) they point at. */
export function diagnosticsByPath(document: Document.Parsed, text: string, diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = pathKey(pathAtOffset(document, offsetOf(text, d.line, d.column)));
    const list = out.get(key);
    if (list) list.push(d);
    else out.set(key, [d]);
  }
  return out;
}

/** True when `pattern` (segments, `*` for any) matches `path` exactly. */
export function matchesPattern(pattern: string, path: DocPath): boolean {
  const parts = pattern === '' ? [] : pattern.split('.');
  return parts.length === path.length && parts.every((p, i) => p === '*' || p === String(path[i]));
}

/**
 * Places each diagnostic at the longest prefix of its path that a form shows a field for
 * (`patterns`, e.g. `members.*.die`); what matches no field lands on `''` (the whole document).
 */
export function placeDiagnostics(byPath: Map<string, Diagnostic[]>, patterns: readonly string[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const [key, list] of byPath) {
    const path = key === '' ? [] : key.split('.');
    let placed = '';
    for (let n = path.length; n > 0; n--) {
      const prefix = path.slice(0, n);
      if (patterns.some((p) => matchesPattern(p, prefix))) {
        placed = prefix.join('.');
        break;
      }
    }
    out.set(placed, [...(out.get(placed) ?? []), ...list]);
  }
  return out;
}
