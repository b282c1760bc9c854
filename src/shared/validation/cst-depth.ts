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

/**
 * A linear pre-scan that finds absurd nesting (flow brackets, or `- - - …` runs on one line)
 * before the parser sees it, so megabytes of `[` cannot stall the loader. It over-counts
 * brackets inside plain text, so callers use a limit well above MAX_DEPTH; the exact check is
 * `cstDepthExceeds`. Returns the offending offset or null.
 */
export function roughNestingExceeds(text: string, limit: number): number | null {
  let flow = 0;
  let quote = '';
  let dashes = 0;
  let lineStart = true;
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
      continue;
    }
    if (c === '#' && (i === 0 || text[i - 1] === ' ' || text[i - 1] === '\n')) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl - 1;
      continue;
    }
    if ((c === '"' || c === "'") && startsScalar(text, i)) quote = c;
    else if (c === '[' || c === '{') {
      if (++flow > limit) return i;
    } else if ((c === ']' || c === '}') && flow > 0) flow--;
    else if (lineStart && c === '-' && text[i + 1] === ' ') {
      if (++dashes > limit) return i;
      i++;
      continue;
    }
    if (c !== ' ' && c !== '-') lineStart = false;
  }
  return null;
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
