import { isAlias, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Document, Node } from 'yaml';
import type { DiagnosticCode } from '../diagnostics';
import { FORBIDDEN_KEYS, MAX_ALIAS_COUNT, MAX_DEPTH, MAX_NODES, NODES_MESSAGE } from './limits';
import type { Span } from './positions';

/** A problem found while turning the YAML tree into plain data. */
export interface PlainProblem {
  span: Span;
  code: DiagnosticCode;
  message: string;
}

/** Plain data of a document, or null when a limit was hit, plus the problems found. */
export interface PlainResult {
  data: unknown;
  problems: PlainProblem[];
}

class LimitHit extends Error {}

const spanOf = (n: { range?: [number, number, number] | null } | null | undefined): Span =>
  n?.range ? { start: n.range[0], end: n.range[1] } : { start: 0, end: 0 };

/**
 * Converts a parsed YAML document into plain JSON-like data without ever touching
 * `Object.prototype`: objects are created with `{}` and filled by `defineProperty`, and
 * `__proto__` / `constructor` / `prototype` keys are dropped and reported. Merge keys
 * (`<<: *anchor`) are applied, explicit keys first. Alias expansion,
 * depth and total size are bounded (limits.ts); hitting one yields `data: null`.
 */
export function toPlain(doc: Document): PlainResult {
  const problems: PlainProblem[] = [];
  let aliases = 0;
  let nodes = 0;

  const convert = (node: unknown, depth: number): unknown => {
    if (++nodes > MAX_NODES) {
      problems.push({ span: spanOf(node as Node), code: 'yaml-hostile', message: NODES_MESSAGE });
      throw new LimitHit();
    }
    if (depth > MAX_DEPTH) {
      problems.push({ span: spanOf(node as Node), code: 'yaml-hostile', message: `nesting is deeper than ${MAX_DEPTH} levels; flatten the document` });
      throw new LimitHit();
    }
    if (node == null) return null;
    if (isAlias(node)) {
      if (++aliases > MAX_ALIAS_COUNT) {
        problems.push({ span: spanOf(node), code: 'yaml-hostile', message: `more than ${MAX_ALIAS_COUNT} alias expansions (*${node.source}); write the values out instead of nesting aliases` });
        throw new LimitHit();
      }
      const target = node.resolve(doc);
      if (!target) {
        problems.push({ span: spanOf(node), code: 'yaml-syntax', message: `alias *${node.source} has no matching anchor &${node.source}; define the anchor before using it` });
        return null;
      }
      return convert(target, depth + 1);
    }
    if (isScalar(node)) return node.value ?? null;
    if (isSeq(node)) return node.items.map((item) => convert(item, depth + 1));
    if (isMap(node)) {
      const out: Record<string, unknown> = {};
      const merged: unknown[] = [];
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const keyNode = pair.key as Node | null;
        if (keyNode != null && !isScalar(keyNode)) {
          problems.push({ span: spanOf(keyNode), code: 'yaml-syntax', message: 'a mapping key must be a plain word, not a list or mapping; rewrite the key as text' });
          continue;
        }
        if (isScalar(keyNode) && keyNode.type === 'PLAIN' && keyNode.value === '<<') {
          const value = convert(pair.value, depth + 1);
          const sources = Array.isArray(value) ? value : [value];
          if (sources.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x))) merged.push(...sources);
          else problems.push({ span: spanOf(pair.value as Node), code: 'yaml-syntax', message: "a merge key '<<' needs a mapping or a list of mappings (e.g. '<<: *base'); fix its value" });
          continue;
        }
        const key = keyNode == null ? '' : String(keyNode.value);
        if (FORBIDDEN_KEYS.has(key)) {
          problems.push({ span: spanOf(keyNode), code: 'yaml-hostile', message: `key '${key}' is reserved and was ignored; rename it` });
          continue;
        }
        Object.defineProperty(out, key, { value: convert(pair.value, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      // Merge keys (`<<: *base`, as YAML 1.1 and most tools read them): keys written in the
      // mapping win, then earlier sources over later ones.
      for (const source of merged) {
        for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
          if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    return null;
  };

  try {
    return { data: convert(doc.contents, 0), problems };
  } catch (e) {
    if (e instanceof LimitHit) return { data: null, problems };
    if (e instanceof RangeError) {
      problems.push({ span: { start: 0, end: 0 }, code: 'yaml-hostile', message: 'the document is nested too deeply to read; flatten it' });
      return { data: null, problems };
    }
    throw e;
  }
}
