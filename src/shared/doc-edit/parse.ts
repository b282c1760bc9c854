/**
 * Parsing for the document-edit layer: a YAML text becomes a `yaml` Document whose nodes
 * carry source ranges, plus the plain data the forms read. Pure: no DOM, no Node.
 */
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';
import type { Document, Node as YamlNode, Pair, ParsedNode, YAMLMap, YAMLSeq } from 'yaml';

/** One segment of a path into a document: a map key or a sequence index. */
export type PathSegment = string | number;
/** A path from the document root, e.g. `['members', 0, 'die']`. */
export type DocPath = readonly PathSegment[];

/** Why a text cannot be edited through forms: the first YAML syntax problem, with its place. */
export interface ParseProblem {
  code: 'yaml-syntax';
  message: string;
  /** 1-based line and column of the problem. */
  line: number;
  column: number;
}

/** A text that parsed: its Document (with source ranges) and its plain data. */
export interface EditableDoc {
  ok: true;
  text: string;
  document: Document.Parsed;
  data: unknown;
}

/** The result of `parseForEdit`: the editable document, or the problem that prevents editing. */
export type ParseForEdit = EditableDoc | { ok: false; problem: ParseProblem };

/** Converts a 0-based offset into 1-based line and column. */
export function lineColOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Converts a 1-based line and column into a 0-based offset, clamped to the text. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return Math.min(offset + Math.max(column - 1, 0), text.length);
}

/**
 * Parses a text for editing. Never throws: syntax errors (and a second YAML document in the
 * same file, which the forms cannot show) come back as a problem with its line and column.
 */
export function parseForEdit(text: string): ParseForEdit {
  const document = parseDocument(text, { keepSourceTokens: true, prettyErrors: false, uniqueKeys: true });
  const first = document.errors[0];
  if (first) {
    const { line, column } = lineColOf(text, first.pos[0]);
    return { ok: false, problem: { code: 'yaml-syntax', message: first.message.split('\n')[0], line, column } };
  }
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: 100 });
  } catch (e) {
    return { ok: false, problem: { code: 'yaml-syntax', message: (e as Error).message, line: 1, column: 1 } };
  }
  return { ok: true, text, document, data };
}

/** A node found at a path, with its parent and the flow context it sits in. */
export interface Located {
  node: ParsedNode | null;
  /** The collection holding it (null at the root). */
  parent: YAMLMap.Parsed | YAMLSeq.Parsed | null;
  /** The pair holding it when the parent is a map. */
  pair: Pair<ParsedNode, ParsedNode | null> | null;
  /** True when the node or one of its ancestors is a flow collection. */
  inFlow: boolean;
  /** True when one of its ancestors is a flow collection (the node is written in flow context). */
  parentFlow: boolean;
}

/** Compares a YAML key node with a path segment (keys are compared as strings). */
export function keyMatches(key: unknown, segment: PathSegment): boolean {
  const k = isScalar(key) ? key.value : key;
  return k !== null && k !== undefined && String(k) === String(segment);
}

/** Finds the pair of `map` whose key is `segment`. */
export function findPair(map: YAMLMap.Parsed, segment: PathSegment): Pair<ParsedNode, ParsedNode | null> | null {
  for (const item of map.items) if (isPair(item) && keyMatches(item.key, segment)) return item as Pair<ParsedNode, ParsedNode | null>;
  return null;
}

/**
 * Walks `path` from the root. Returns the deepest location reached and how many segments it
 * consumed: `depth === path.length` means the node exists (its value may still be null).
 */
export function locate(document: Document.Parsed, path: DocPath): { found: Located; depth: number } {
  let found: Located = { node: document.contents, parent: null, pair: null, inFlow: isFlow(document.contents), parentFlow: false };
  for (let i = 0; i < path.length; i++) {
    const { node } = found;
    const segment = path[i];
    if (isMap(node)) {
      const pair = findPair(node, segment);
      if (!pair) return { found, depth: i };
      const value = pair.value;
      found = { node: value, parent: node, pair, inFlow: found.inFlow || isFlow(value), parentFlow: found.inFlow };
    } else if (isSeq(node) && typeof segment === 'number' && segment >= 0 && segment < node.items.length) {
      const value = node.items[segment] as ParsedNode | null;
      found = { node: value, parent: node, pair: null, inFlow: found.inFlow || isFlow(value), parentFlow: found.inFlow };
    } else {
      return { found, depth: i };
    }
  }
  return { found, depth: path.length };
}

/** True for a flow collection (`[…]` or `{…}`). */
export function isFlow(node: YamlNode | null | undefined): boolean {
  return (isMap(node) || isSeq(node)) && node.flow === true;
}

/** Stable string form of a path, used as a React key and to match diagnostics: `members.0.die`. */
export const pathKey = (path: DocPath): string => path.join('.');
