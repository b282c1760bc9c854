/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval of `successes` out of `n` trials, clamped to [0, 1].
 * n = 0 gives [0, 1] (nothing is known); 0 successes give lo = 0 and n successes hi = 1 exactly.
 */
export const wilsonInterval = (successes: number, n: number, z = Z95): [number, number] => {
  if (n <= 0) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  const lo = successes <= 0 ? 0 : Math.max(0, centre - half);
  const hi = successes >= n ? 1 : Math.min(1, centre + half);
  return [lo, hi];
};

/** Half the width of the Wilson interval: the "±" a user reads. */
export const wilsonHalfWidth = (successes: number, n: number): number => {
  const [lo, hi] = wilsonInterval(successes, n);
  return (hi - lo) / 2;
};
