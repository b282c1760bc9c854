import { isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, LineCounter, Node, Pair } from 'yaml';
import type { Diagnostic, DiagnosticCode } from '../diagnostics';

/** A place in a YAML file: 0-based character offsets into its text. */
export interface Span {
  start: number;
  end: number;
}

/** What a data path resolves to in the YAML tree. */
export interface NodeLocation {
  /** The node at the deepest path segment that exists. */
  node: Node | null;
  /** The key node of the pair holding `node`, when `node` is a mapping value. */
  key: Node | null;
  /** True when every segment of the path was found. */
  complete: boolean;
}

const spanOf = (node: Node | null | undefined): Span | null =>
  node?.range ? { start: node.range[0], end: node.range[1] } : null;

/** Walks `path` (keys and indices, as in the plain data) through the YAML tree of `doc`. */
export function locate(doc: Document | null, path: readonly (string | number)[]): NodeLocation {
  let node: Node | null = (doc?.contents as Node | null) ?? null;
  let key: Node | null = null;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p: Pair) => keyText(p.key) === String(seg));
      if (!pair) return { node, key, complete: false };
      key = (pair.key as Node | null) ?? null;
      node = (pair.value as Node | null) ?? key;
    } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
      key = null;
      node = node.items[seg] as Node;
    } else {
      return { node, key, complete: false };
    }
  }
  return { node, key, complete: true };
}

function keyText(key: unknown): string | null {
  if (isScalar(key)) return String(key.value);
  if (isPair(key)) return null;
  return key == null ? null : String(key);
}

/** Span of the value at `path` (a bad value), falling back to the nearest existing ancestor. */
export function valueSpan(doc: Document | null, path: readonly (string | number)[]): Span {
  const loc = locate(doc, path);
  return spanOf(loc.node) ?? { start: 0, end: 0 };
}

/** Span of the key at `path` (an unknown property, a missing one's parent), else its value. */
export function keySpan(doc: Document | null, path: readonly (string | number)[]): Span {
  const loc = locate(doc, path);
  if (loc.complete && loc.key) return spanOf(loc.key) ?? { start: 0, end: 0 };
  return headSpan(loc.node);
}

/**
 * Span for a property missing from the mapping at `parentPath` (DESIGN.md: "the key for a
 * missing property"): the key holding that mapping, or the mapping's first key when it has none
 * (a sequence item or the top-level document).
 */
export function missingSpan(doc: Document | null, parentPath: readonly (string | number)[]): Span {
  const loc = locate(doc, parentPath);
  if (loc.complete && loc.key) return spanOf(loc.key) ?? { start: 0, end: 0 };
  return headSpan(loc.node);
}

function headSpan(node: Node | null): Span {
  if (isMap(node) && node.items.length > 0) {
    const first = node.items[0].key as Node | null;
    const span = spanOf(first);
    if (span) return span;
  }
  return spanOf(node) ?? { start: 0, end: 0 };
}

/** Builds a diagnostic for `file` from a span, with 1-based line/column via `lc`. */
export function diagAt(
  file: string,
  lc: LineCounter,
  span: Span,
  severity: Diagnostic['severity'],
  code: DiagnosticCode,
  message: string,
): Diagnostic {
  const a = lc.linePos(span.start);
  const b = lc.linePos(Math.max(span.end, span.start));
  return { file, line: a.line, column: a.col, endLine: b.line, endColumn: b.col, severity, code, message: oneLine(message) };
}

/**
 * A message on one line: line breaks and other control characters (which a user's value or
 * key may carry into a message) are shown escaped, so the CLI's text format stays one line
 * per diagnostic.
 */
export function oneLine(message: string): string {
  // eslint-disable-next-line no-control-regex
  return message.replace(/\r\n|[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/g, (c) => (c === '\r\n' || c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A diagnostic for the whole file, at line 1 column 1 (size cap, unreadable file). */
export function fileDiag(file: string, severity: Diagnostic['severity'], code: DiagnosticCode, message: string): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, severity, code, message: oneLine(message) };
}
