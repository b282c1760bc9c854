/** Levenshtein distance between two strings (case-sensitive). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The closest candidate to `word` (case-insensitive edit distance at most
 * max(2, ⌊len/3⌋)), or null when none is close enough. Ties go to the earlier candidate.
 */
export function closest(word: string, candidates: Iterable<string>): string | null {
  const w = word.toLowerCase();
  const limit = Math.max(2, Math.floor(word.length / 3));
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    if (Math.abs(c.length - word.length) > limit) continue;
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD && d <= limit) {
      best = c;
      bestD = d;
    }
  }
  return best;
}

/** " — did you mean 'x'?" when a close candidate exists, else the empty string. */
export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c === null ? '' : ` — did you mean '${c}'?`;
}
