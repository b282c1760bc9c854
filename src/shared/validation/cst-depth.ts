import type { CST } from 'yaml';

type Token = CST.Token;

/**
 * Offset of the first CST node nested deeper than `max` collections, or null. Iterative, so
 * it is safe on input nested thousands of levels deep (which the composer must never see).
 */
export function cstDepthExceeds(tokens: readonly Token[], max: number): number | null {
  const stack: [Token | undefined, number][] = tokens.map((t) => [t, 0]);
  while (stack.length) {
    const [tok, depth] = stack.pop()!;
    if (!tok) continue;
    switch (tok.type) {
      case 'document':
        stack.push([tok.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection': {
        if (depth + 1 > max) return tok.offset;
        for (const item of tok.items) {
          const it = item as { key?: Token | null; value?: Token };
          if (it.key) stack.push([it.key, depth + 1]);
          if (it.value) stack.push([it.value, depth + 1]);
        }
        break;
      }
      default:
        break;
    }
  }
  return null;
}

/** What the linear pre-scan found over its limits. */
export interface ShapeProblem {
  /** `depth`: absurd nesting; `nodes`: more values than the node budget. */
  kind: 'depth' | 'nodes';
  /** Offset of the character where the limit was crossed. */
  offset: number;
}

/**
 * A linear pre-scan, run before the parser sees the text, so that neither megabytes of `[` nor a
 * flow sequence of a million items can stall the loader or build a huge tree. It tracks flow
 * brackets and `- - - …` runs on one line (nesting), and counts the values the document will hold:
 * one per `[`/`{`, per comma inside brackets, per `- ` item and per `: ` mapping value (quoted
 * scalars, comments and block scalars' bodies are skipped). The counts are close to the composer's
 * but may over-count brackets in plain text, so callers use a depth limit well above MAX_DEPTH
 * (the exact check is `cstDepthExceeds`). Returns the first limit crossed, or null.
 */
export function roughShapeExceeds(text: string, limits: { depth: number; nodes: number }): ShapeProblem | null {
  let flow = 0;
  let quote = '';
  let dashes = 0;
  let nodes = 0;
  let lineStart = true;
  let indent = 0;
  /** Indent of the line that opened a block scalar (`|` or `>`), whose deeper lines are skipped; -1: none. */
  let blockOf = -1;
  let afterIndicator = false;
  const count = (i: number): ShapeProblem | null => (++nodes > limits.nodes ? { kind: 'nodes', offset: i } : null);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === '\n') {
      lineStart = true;
      dashes = 0;
      indent = 0;
      afterIndicator = false;
      if (blockOf >= 0) i = skipBlockBody(text, i + 1, blockOf) - 1;
      blockOf = -1;
      continue;
    }
    if (lineStart && c === ' ') {
      indent++;
      continue;
    }
    if (c === '#' && (i === 0 || text[i - 1] === ' ' || text[i - 1] === '\n')) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl - 1;
      continue;
    }
    if ((c === '"' || c === "'") && startsScalar(text, i)) quote = c;
    else if (c === '[' || c === '{') {
      if (++flow > limits.depth) return { kind: 'depth', offset: i };
      const over = count(i);
      if (over) return over;
    } else if ((c === ']' || c === '}') && flow > 0) flow--;
    else if (c === ',' && flow > 0) {
      const over = count(i);
      if (over) return over;
    } else if (lineStart && c === '-' && (text[i + 1] === ' ' || text[i + 1] === '\n' || i + 1 === text.length)) {
      if (++dashes > limits.depth) return { kind: 'depth', offset: i };
      const over = count(i);
      if (over) return over;
      afterIndicator = true;
      i++;
      if (text[i] === '\n') i--;
      continue;
    } else if (c === ':' && (text[i + 1] === ' ' || text[i + 1] === '\n' || text[i + 1] === '\r' || i + 1 === text.length)) {
      const over = count(i);
      if (over) return over;
      afterIndicator = true;
      lineStart = false;
      continue;
    } else if ((c === '|' || c === '>') && afterIndicator && flow === 0) {
      blockOf = indent;
    }
    if (c !== ' ') afterIndicator = false;
    if (c !== ' ' && c !== '-') lineStart = false;
  }
  return null;
}

/**
 * Offset of the first flow bracket or `- ` run nested deeper than `limit` (see `roughShapeExceeds`,
 * without a node budget), or null.
 */
export function roughNestingExceeds(text: string, limit: number): number | null {
  const found = roughShapeExceeds(text, { depth: limit, nodes: Number.POSITIVE_INFINITY });
  return found === null ? null : found.offset;
}

/** Offset of the first line from `from` on that is not blank and not indented deeper than `indent`. */
function skipBlockBody(text: string, from: number, indent: number): number {
  let at = from;
  while (at < text.length) {
    let j = at;
    while (text[j] === ' ') j++;
    const blank = j >= text.length || text[j] === '\n' || text[j] === '\r';
    if (!blank && j - at <= indent) return at;
    const nl = text.indexOf('\n', j);
    if (nl < 0) return text.length;
    at = nl + 1;
  }
  return at;
}

/** True when a quote at `i` opens a quoted scalar (after `: `, `- `, `[`, `{`, `,` or a line start). */
function startsScalar(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && text[j] === ' ') j--;
  if (j < 0 || text[j] === '\n') return true;
  const p = text[j];
  if (p === '[' || p === '{' || p === ',') return true;
  return (p === ':' || p === '-' || p === '?') && j < i - 1;
}
