import { describe, expect, it } from 'vitest';
import { balanceWarnings, DEFAULT_BALANCE_SETTINGS, isMirrorMatch } from '../../../../../src/shared/engine/analysis';
import { getPolicies } from '../../../../../src/shared/engine/bots';
import { simulate } from '../../../../../src/shared/engine/sim/runner';
import type { SimAnalysis, SimReport } from '../../../../../src/shared/engine/sim/report';
import { wilsonInterval } from '../../../../../src/shared/engine/sim/wilson';
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

/** A hand-made report of `runs` battles: side a wins `winsA`, side b `winsB`, the rest are draws. */
function report(runs: number, winsA: number, winsB: number, analysis: Partial<SimAnalysis> = {}): SimReport {
  const side = (id: string, wins: number) => ({ side: id, crew: `crew-${id}`, wins, winRate: wins / runs, ci95: wilsonInterval(wins, runs) });
  return {
    runs,
    seed: 1,
    ruleset: 'core',
    sides: [side('a', winsA), side('b', winsB)],
    draws: runs - winsA - winsB,
    rounds: { mean: 3, histogram: { '3': runs } },
    members: [],
    objectives: [],
    elapsedMs: 0,
    analysis: {
      scenario: 'test',
      drawRate: 0,
      drawCi95: [0, 0],
      points: [],
      buckets: [
        { rounds: 3, outcome: 'a', count: winsA, exampleRun: 4, exampleSeed: 44 },
        { rounds: 2, outcome: 'a', count: 1, exampleRun: 0, exampleSeed: 10 },
        { rounds: 3, outcome: 'b', count: winsB, exampleRun: 1, exampleSeed: 11 },
      ],
      areasEntered: [],
      fullLengthRate: 0.5,
      crewValues: { a: 21, b: 44 },
      firstPlayer: [],
      objectiveOutcomes: [],
      memberOutcomes: [],
      examples: {},
      ...analysis,
    },
  };
}

const codes = (r: SimReport, settings = {}) => balanceWarnings(r, { settings }).map((w) => `${w.code}:${w.subject}`);

describe('balance warnings (issue 11 item 3)', () => {
  it('one-sided: any crews, when a side’s whole 95% interval lies above 65%, naming the side, the margin and the crew values', () => {
    const r = report(2000, 2000, 0);
    const [w] = balanceWarnings(r, { names: { a: 'The Choir', b: 'The Saints' } });
    expect(w!.code).toBe('one-sided');
    expect(w!.subject).toBe('a');
    expect(w!.message).toContain("side 'The Choir' wins 100.0% of 2,000 battles (95% interval 99.8%–100.0%)");
    expect(w!.message).toContain('above the 65.0% limit');
    expect(w!.message).toContain("+100.0 points ahead of 'The Saints' (0.0%)");
    expect(w!.message).toContain('crew values 21 (The Choir) vs 44 (The Saints)');
    expect(w!.evidence[0]).toMatchObject({ label: 'The Choir wins', value: 1, battles: 2000 });
    expect(w!.evidence[0]!.ci95[0]).toBeGreaterThan(0.99);
    // The battle that shows it: the commonest bucket side a won.
    expect(w!.battle).toMatchObject({ run: 4, seed: 44 });
  });

  it('one-sided: not when the interval reaches down to the limit, and the limit is a setting', () => {
    // 70% of 100: the interval (60.4–78.1%) dips below 65%.
    const r = report(100, 70, 30);
    expect(codes(r)).not.toContain('one-sided:a');
    expect(codes(r, { oneSidedAbove: 0.55 })).toContain('one-sided:a');
    expect(codes(report(100, 30, 70), { oneSidedAbove: 0.55 })).toEqual(['one-sided:b']);
  });

  it('one-sided on real battles: a d20 against a d4 is flagged whether or not it is a mirror', () => {
    const r = run(mkSetup({ a: [{ id: 'big', die: 'd20', health: 3 }], b: [{ id: 'small', die: 'd4', health: 1 }], perEnemyIncapacitated: 1 }));
    expect(r.sides[0]!.ci95[0]).toBeGreaterThan(0.65);
    for (const mirror of [true, false]) {
      const w = balanceWarnings(r, { mirror }).find((x) => x.code === 'one-sided');
      expect(w?.subject).toBe('a');
      expect(w?.message.includes('same crew')).toBe(mirror);
      expect(w?.battle).not.toBeNull();
    }
  });

  it('first-player edge: judged within each first player, with an interval excluding 50%', () => {
    // a first: a wins 140 of 200 decided; b first: b wins 130 of 200 decided. Mean share 67.5%.
    const firstPlayer = [
      { first: 'a', runs: 200, wins: { a: 140, b: 60 }, draws: 0 },
      { first: 'b', runs: 200, wins: { a: 70, b: 130 }, draws: 0 },
    ];
    const examples = { 'first:a:a': { run: 3, seed: 33 }, 'first:b:b': { run: 5, seed: 55 } };
    const r = report(400, 210, 190, { firstPlayer, examples });
    const w = balanceWarnings(r).find((x) => x.code === 'first-player-edge')!;
    expect(w.message).toContain('the first player has the edge');
    expect(w.message).toContain('wins 67.5% of decided battles');
    expect(w.evidence[0]!.value).toBeCloseTo(0.675, 6);
    expect(w.evidence[0]!.ci95[0]).toBeGreaterThan(0.5);
    expect(w.battle).toMatchObject({ run: 3, seed: 33 });
    // A stronger side that goes first more often is not a first-player edge: a wins 70% either way.
    const strong = report(400, 280, 120, {
      firstPlayer: [
        { first: 'a', runs: 300, wins: { a: 210, b: 90 }, draws: 0 },
        { first: 'b', runs: 100, wins: { a: 70, b: 30 }, draws: 0 },
      ],
    });
    expect(codes(strong)).not.toContain('first-player-edge:test');
    // A side that never went first cannot be judged.
    const never = report(400, 280, 120, { firstPlayer: [firstPlayer[0]!, { first: 'b', runs: 0, wins: { a: 0, b: 0 }, draws: 0 }] });
    expect(codes(never)).not.toContain('first-player-edge:test');
  });

  it('first-player edge: a second-player edge is named as such', () => {
    const r = report(400, 200, 200, {
      firstPlayer: [
        { first: 'a', runs: 200, wins: { a: 60, b: 140 }, draws: 0 },
        { first: 'b', runs: 200, wins: { a: 140, b: 60 }, draws: 0 },
      ],
      examples: { 'first:a:b': { run: 9, seed: 99 } },
    });
    const w = balanceWarnings(r).find((x) => x.code === 'first-player-edge')!;
    expect(w.message).toContain('the second player has the edge');
    expect(w.battle).toMatchObject({ run: 9 });
  });

  it('one member decides the game: a swing whose whole interval exceeds 40 points', () => {
    // Side a wins 1,000 of 2,000. With the captain out (800 battles) it won 80; standing (1,200) it won 920.
    const memberOutcomes = [
      { side: 'a', crew: 'crew-a', member: 'captain', incapacitated: 800, incapacitatedWins: 80 },
      { side: 'a', crew: 'crew-a', member: 'grunt', incapacitated: 1000, incapacitatedWins: 400 },
    ];
    const examples = { 'member:a:captain:out:lost': { run: 7, seed: 77 } };
    const r = report(2000, 1000, 1000, { memberOutcomes, examples });
    const ws = balanceWarnings(r, { names: { a: 'The Choir', 'member:a:captain': 'Warden-7' } }).filter((x) => x.code === 'member-decides-game');
    expect(ws.map((w) => w.subject)).toEqual(['a:captain']);
    const w = ws[0]!;
    expect(w.message).toContain("member Warden-7 of 'The Choir' decides the game");
    expect(w.message).toContain('wins 76.7% of the 1,200 battles it comes through');
    expect(w.message).toContain('10.0% of the 800 it is taken out in');
    expect(w.message).toContain('a swing of +66.7 points');
    expect(w.evidence[0]!.difference).toBe(true);
    expect(w.evidence[0]!.ci95[0]).toBeGreaterThan(0.4);
    expect(w.battle).toMatchObject({ run: 7, seed: 77 });
    // The limit is a setting.
    expect(codes(r, { memberSwingAbove: 0.7 })).not.toContain('member-decides-game:a:captain');
  });

  it('objective decided nothing: completing it leaves the win rate within ±5 points for every side judged', () => {
    const objectiveOutcomes = [
      { id: 'relic', side: 'a', completed: 1000, completedWins: 500 },
      { id: 'relic', side: 'b', completed: 1000, completedWins: 500 },
      { id: 'gate', side: 'a', completed: 1000, completedWins: 800 },
      { id: 'gate', side: 'b', completed: 0, completedWins: 0 },
    ];
    const examples = { 'objective:relic:a:lost': { run: 2, seed: 22 } };
    const r = report(4000, 2000, 2000, { objectiveOutcomes, examples });
    const ws = balanceWarnings(r, { names: { relic: 'The Relic', a: 'The Choir' } }).filter((x) => x.code === 'objective-decided-nothing');
    expect(ws.map((w) => w.subject)).toEqual(['relic']);
    expect(ws[0]!.message).toContain("objective 'The Relic' decided nothing: 'The Choir' won 50.0% of the 1,000 battles in which it completed it and 50.0% of the others (+0.0 points");
    expect(ws[0]!.battle).toMatchObject({ run: 2, seed: 22 });
    // Too few battles either way: not judged.
    const few = report(100, 50, 50, { objectiveOutcomes: [{ id: 'relic', side: 'a', completed: 10, completedWins: 5 }] });
    expect(codes(few)).not.toContain('objective-decided-nothing:relic');
  });

  it('flags objectives never completed and Areas never entered, naming them, with a battle to open', () => {
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2 }],
      b: [{ id: 'y', die: 'd6', health: 2 }],
      areas: ['field', { id: 'far', name: 'Far Shore' }],
      objectives: [{ id: 'relic', name: 'Relic', area: 'far', kind: 'interact', progress: 99, points: 1 }],
      rounds: 1,
    });
    const r = run(setup, 50);
    const warnings = balanceWarnings(r, { names: { relic: 'The Relic' } });
    const all = warnings.map((w) => `${w.code}:${w.subject}`);
    expect(all).toContain('objective-never-completed:relic');
    const relic = warnings.find((w) => w.subject === 'relic')!;
    expect(relic.message).toContain("'The Relic'");
    expect(relic.battle).not.toBeNull();
    const farEntered = r.analysis!.areasEntered.filter((e) => e.area === 'far').some((e) => e.rate > 0);
    expect(all.includes('area-never-entered:far')).toBe(!farEntered);
    expect(all).not.toContain('area-never-entered:field');
  });

  it('flags battles that always run the full length and stays quiet for zero runs', () => {
    const setup = mkSetup({
      a: [{ id: 'x', die: 'd6', health: 2, effects: [{ armor: 5 }] }],
      b: [{ id: 'y', die: 'd6', health: 2, effects: [{ armor: 5 }] }],
      rounds: 2,
    });
    const r = run(setup, 30);
    expect(r.analysis!.fullLengthRate).toBe(1);
    expect(codes(r)).toContain('always-full-length:test');
    expect(balanceWarnings({ ...r, runs: 0 }, { mirror: true })).toEqual([]);
  });

  it('every warning of a real batch names numbers with intervals', () => {
    const r = run(mkSetup({ a: [{ id: 'big', die: 'd20', health: 3 }], b: [{ id: 'small', die: 'd4', health: 1 }], perEnemyIncapacitated: 1 }), 300);
    for (const w of balanceWarnings(r)) {
      expect(w.evidence.length).toBeGreaterThan(0);
      for (const e of w.evidence) {
        expect(e.ci95[0]).toBeLessThanOrEqual(e.value + 1e-9);
        expect(e.ci95[1]).toBeGreaterThanOrEqual(e.value - 1e-9);
      }
      expect(w.message).toMatch(/\d+\.\d%/);
    }
  });

  it('defaults are the issue’s thresholds', () => {
    expect(DEFAULT_BALANCE_SETTINGS).toMatchObject({ oneSidedAbove: 0.65, memberSwingAbove: 0.4 });
  });

  it('a mirror match is the same crew under the same bot', () => {
    expect(isMirrorMatch(['a', 'a'], ['greedy', 'greedy'])).toBe(true);
    expect(isMirrorMatch(['a', 'a'], ['greedy', 'random'])).toBe(false);
    expect(isMirrorMatch(['a', 'b'], ['greedy', 'greedy'])).toBe(false);
  });
});
