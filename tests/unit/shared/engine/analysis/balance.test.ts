import { describe, expect, it } from 'vitest';
import { balanceWarnings, isMirrorMatch } from '../../../../../src/shared/engine/analysis';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { simulate } from '../../../../../src/shared/engine/sim/runner';
import type { SimReport } from '../../../../../src/shared/engine/sim/report';
import { mkSetup } from '../helpers';

const run = (
  setup: ReturnType<typeof mkSetup>,
  runs = 200,
  bots: [string, string] = ['greedy', 'greedy'],
): SimReport => {
  const policies = getPolicies(bots);
  if (!policies.ok) throw new Error(policies.error.message);
  const r = simulate(setup, { runs, seed: 7, policies: policies.value });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('balance warnings', () => {
  it('flags a mirror match won far more than 60% by one side, but not a non-mirror one', () => {
    // Side a's d20 against side b's d4: lopsided on purpose.
    const report = run(
      mkSetup({
        a: [{ id: 'big', die: 'd20', health: 3 }],
        b: [{ id: 'small', die: 'd4', health: 1 }],
        perEnemyIncapacitated: 1,
      }),
    );
    expect(report.sides[0]!.winRate).toBeGreaterThan(0.6);
    const mirror = balanceWarnings(report, { mirror: true });
    expect(mirror.map((w) => w.code)).toContain('mirror-imbalance');
    expect(mirror.find((w) => w.code === 'mirror-imbalance')!.subject).toBe('a');
    expect(balanceWarnings(report, { mirror: false }).map((w) => w.code)).not.toContain('mirror-imbalance');
  });

  it('flags objectives never completed and Areas never entered, naming them', () => {
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2 }],
      b: [{ id: 'y', die: 'd6', health: 2 }],
      areas: ['field', { id: 'far', name: 'Far Shore' }],
      objectives: [{ id: 'relic', name: 'Relic', area: 'far', kind: 'interact', progress: 99, points: 1 }],
      rounds: 1,
    });
    const report = run(setup, 50);
    const warnings = balanceWarnings(report, { mirror: false, names: { relic: 'The Relic' } });
    const codes = warnings.map((w) => `${w.code}:${w.subject}`);
    expect(codes).toContain('objective-never-completed:relic');
    expect(warnings.find((w) => w.subject === 'relic')!.message).toContain("'The Relic'");
    // Greedy bots may walk to the far Area; the warning appears exactly when nobody did.
    const farEntered = report.analysis!.areasEntered.filter((e) => e.area === 'far').some((e) => e.rate > 0);
    expect(codes.includes('area-never-entered:far')).toBe(!farEntered);
    expect(codes).not.toContain('area-never-entered:field');
  });

  it('flags battles that always run the full length and stays quiet for zero runs', () => {
    // Armored members never take damage: every battle lasts all rounds.
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2, effects: [{ armor: 5 }] }],
      b: [{ id: 'y', die: 'd6', health: 2, effects: [{ armor: 5 }] }],
      rounds: 2,
    });
    const report = run(setup, 30);
    expect(report.analysis!.fullLengthRate).toBe(1);
    expect(balanceWarnings(report, { mirror: false }).map((w) => w.code)).toContain('always-full-length');
    expect(balanceWarnings({ ...report, runs: 0 }, { mirror: true })).toEqual([]);
  });

  it('a mirror match is the same crew under the same bot', () => {
    expect(isMirrorMatch(['a', 'a'], ['greedy', 'greedy'])).toBe(true);
    expect(isMirrorMatch(['a', 'a'], ['greedy', 'random'])).toBe(false);
    expect(isMirrorMatch(['a', 'b'], ['greedy', 'greedy'])).toBe(false);
  });
});
