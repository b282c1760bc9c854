import { describe, expect, it } from 'vitest';
import { asSimReport, compareReports, differenceInterval } from '../../../../../src/shared/engine/analysis';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { simulate } from '../../../../../src/shared/engine/sim/runner';
import type { SimReport } from '../../../../../src/shared/engine/sim/report';
import { mkSetup } from '../helpers';

const report = (tie: 'standoff' | 'defender', runs = 400): SimReport => {
  const setup = mkSetup({
    a: [{ id: 'x', die: 'd8', health: 2 }],
    b: [{ id: 'y', die: 'd8', health: 2 }],
    ruleset: { clash: { tie } },
  });
  const p = getPolicies(['greedy', 'greedy']);
  if (!p.ok) throw new Error(p.error.message);
  const r = simulate(setup, { runs, seed: 11, policies: p.value });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('difference interval (Newcombe hybrid score)', () => {
  it('contains the observed difference and is symmetric under swapping', () => {
    const [lo, hi] = differenceInterval(40, 100, 60, 100);
    expect(lo).toBeLessThan(0.2);
    expect(hi).toBeGreaterThan(0.2);
    expect(lo).toBeGreaterThan(0);
    const [lo2, hi2] = differenceInterval(60, 100, 40, 100);
    expect(lo2).toBeCloseTo(-hi, 12);
    expect(hi2).toBeCloseTo(-lo, 12);
  });

  it('matches the published example (Newcombe 1998, 56/70 vs 48/80: −0.0524 to 0.3339)', () => {
    const [lo, hi] = differenceInterval(48, 80, 56, 70);
    expect(lo).toBeCloseTo(0.0524, 3);
    expect(hi).toBeCloseTo(0.3339, 3);
  });

  it('narrows as runs grow and stays within [−1, 1]', () => {
    const w = (n: number): number => {
      const [lo, hi] = differenceInterval(n / 2, n, n / 2, n);
      return hi - lo;
    };
    expect(w(1000)).toBeLessThan(w(100));
    const [lo, hi] = differenceInterval(0, 5, 5, 5);
    expect(lo).toBeGreaterThanOrEqual(-1);
    expect(hi).toBeLessThanOrEqual(1);
  });
});

describe('compareReports', () => {
  it('gives per-side differences of two real simulations on the same seeds', () => {
    const a = report('standoff');
    const b = report('defender');
    const c = compareReports(a, b);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.value.runs).toEqual([400, 400]);
    c.value.sides.forEach((d, i) => {
      expect(d.subject).toBe(a.sides[i]!.side);
      expect(d.diff).toBeCloseTo(b.sides[i]!.winRate - a.sides[i]!.winRate, 12);
      expect(d.ci95[0]).toBeLessThanOrEqual(d.diff);
      expect(d.ci95[1]).toBeGreaterThanOrEqual(d.diff);
      expect(d.significant).toBe(d.ci95[0] > 0 || d.ci95[1] < 0);
    });
    // A report compared with itself differs by exactly zero, not significantly.
    const same = compareReports(a, a);
    expect(same.ok && same.value.sides.every((d) => d.diff === 0 && !d.significant)).toBe(true);
  });

  it('refuses empty reports and reports of different sides', () => {
    const a = report('standoff', 20);
    expect(compareReports(a, { ...a, runs: 0 })).toMatchObject({
      ok: false,
      error: { code: 'compare/empty' },
    });
    const other = { ...a, sides: a.sides.map((s) => ({ ...s, side: `${s.side}2` })) };
    expect(compareReports(a, other)).toMatchObject({ ok: false, error: { code: 'compare/sides' } });
  });
});

describe('asSimReport', () => {
  it('accepts a real report (after a JSON round trip) and rejects malformed ones naming the key', () => {
    const a = report('standoff', 10);
    expect(asSimReport(JSON.parse(JSON.stringify(a))).ok).toBe(true);
    expect(asSimReport(null)).toMatchObject({ ok: false, error: { code: 'sim/bad-report' } });
    const broken = asSimReport({ ...a, rounds: 3 });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error.message).toContain("'rounds'");
  });
});
