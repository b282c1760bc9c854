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
