/** An exact rational number, always in lowest terms with a positive denominator. */
export interface Rational {
  readonly n: bigint;
  readonly d: bigint;
}

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** Greatest common divisor of two bigints (gcd(0, 0) = 0). */
export const gcd = (a: bigint, b: bigint): bigint => {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) {
    const t = x % y;
    x = y;
    y = t;
  }
  return x;
};

/** Builds n/d in lowest terms; throws on a zero denominator (a programmer error). */
export const rational = (n: bigint | number, d: bigint | number = 1n): Rational => {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === 0n) throw new RangeError('rational: zero denominator');
  if (dd < 0n) {
    nn = -nn;
    dd = -dd;
  }
  const g = gcd(nn, dd);
  return g > 1n ? { n: nn / g, d: dd / g } : { n: nn, d: dd };
};

/** 0 as a rational. */
export const ZERO: Rational = { n: 0n, d: 1n };
/** 1 as a rational. */
export const ONE: Rational = { n: 1n, d: 1n };

/** a + b, reduced. */
export const add = (a: Rational, b: Rational): Rational => rational(a.n * b.d + b.n * a.d, a.d * b.d);
/** a − b, reduced. */
export const sub = (a: Rational, b: Rational): Rational => rational(a.n * b.d - b.n * a.d, a.d * b.d);
/** a × b, reduced. */
export const mul = (a: Rational, b: Rational): Rational => rational(a.n * b.n, a.d * b.d);
/** a ÷ b, reduced; throws when b is zero. */
export const div = (a: Rational, b: Rational): Rational => rational(a.n * b.d, a.d * b.n);
/** a^k for a non-negative integer k. */
export const pow = (a: Rational, k: number): Rational => {
  let r = ONE;
  for (let i = 0; i < k; i++) r = mul(r, a);
  return r;
};
/** True when a and b are the same number. */
export const eq = (a: Rational, b: Rational): boolean => a.n === b.n && a.d === b.d;
/** "n/d" in lowest terms ("0/1" for zero, "1/1" for one). */
export const toFraction = (a: Rational): string => `${a.n}/${a.d}`;
/** Nearest double (exact for small fractions, correctly scaled for huge ones). */
export const toNumber = (a: Rational): number => {
  const SHIFT = 1n << 60n;
  if (abs(a.n) < SHIFT && a.d < SHIFT) return Number(a.n) / Number(a.d);
  // Scale to keep ~53 significant bits without overflowing to Infinity.
  const scaled = (a.n * SHIFT) / a.d;
  return Number(scaled) / Number(SHIFT);
};
