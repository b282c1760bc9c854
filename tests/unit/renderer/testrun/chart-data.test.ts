import { describe, expect, it } from 'vitest';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { simulate } from '../../../../src/shared/engine/sim/runner';
import {
  battleRefs,
  bucketBattle,
  chartModel,
  CHART_IDS,
  lossBattle,
  memberRows,
  objectiveRows,
  outcomeBattle,
  outcomeRows,
  pointsLabel,
  pointsRows,
  roundsRows,
} from '../../../../src/renderer/src/testrun/chart-data';
import { formatEta } from '../../../../src/renderer/src/testrun/sim-job';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import { sessionFromDecisions } from '../../../../src/renderer/src/testrun/play-session';
import { simulatedBattle } from '../../../../src/renderer/src/testrun/bot-move';
import { exampleModel } from './example';

const { model, diagnostics } = exampleModel();
const prepared = prepareBattle(model, diagnostics, {
  scenario: 'drowned-foundry',
  crews: ['', ''],
  ruleset: '',
  players: ['greedy', 'random'],
  seed: 1,
});
if (!prepared.ok) throw new Error(prepared.refusal.message);
const setup = prepared.setup;
const policies = getPolicies(['greedy', 'random']);
if (!policies.ok) throw new Error('bots');
const sim = simulate(setup, { runs: 120, seed: 77, policies: policies.value });
if (!sim.ok) throw new Error(sim.error.message);
const report = sim.value;

describe('chart data from a real report', () => {
  it('one bar per side’s wins and one for draws: they sum to 100% and each interval brackets its rate', () => {
    const rows = outcomeRows(report, { a: 'The Choir' });
    expect(rows.map((r) => r.key)).toEqual(['a', 'b', 'draw']);
    expect(rows.reduce((t, r) => t + r.value, 0)).toBeCloseTo(100, 1);
    expect(rows.reduce((t, r) => t + r.count, 0)).toBe(120);
    for (const r of rows) {
      expect(r.ci[0]).toBeLessThanOrEqual(r.value);
      expect(r.ci[1]).toBeGreaterThanOrEqual(r.value);
      expect(r.error[0]).toBeGreaterThanOrEqual(0);
      expect(r.value - r.error[0]).toBeCloseTo(r.ci[0], 6);
    }
    expect(rows[0]!.label).toBe('The Choir wins');
    expect(rows[2]!.label).toBe('Draw');
  });

  it('labels every member bar with its name and side, coloured by side', () => {
    const rows = memberRows(report, { a: 'The Choir', b: 'The Saints', 'member:a:warden-7': 'Warden-7' });
    expect(rows[0]).toMatchObject({ member: 'Warden-7 (The Choir)', side: 'a' });
    expect(new Set(rows.map((r) => r.side))).toEqual(new Set(['a', 'b']));
  });

  it('every chart has a table with the same numbers as the report (issue 11, item 4)', () => {
    const m = chartModel(report, { a: 'The Choir', b: 'The Saints' });
    expect(Object.keys(m.tables)).toEqual([...CHART_IDS]);
    const outcomes = m.tables.outcomes.rows;
    expect(outcomes[0]).toEqual([
      'The Choir wins',
      `${(report.sides[0]!.winRate * 100).toFixed(1)}%`,
      `${(report.sides[0]!.ci95[0] * 100).toFixed(1)}%–${(report.sides[0]!.ci95[1] * 100).toFixed(1)}%`,
      String(report.sides[0]!.wins),
    ]);
    expect(m.tables.members.rows.map((r) => r[1])).toEqual(report.members.map((x) => `${(x.incapacitatedRate * 100).toFixed(1)}%`));
    expect(m.tables.objectives.rows.map((r) => r.slice(1))).toEqual(
      report.objectives.map((o) => ['a', 'b'].map((s) => `${(o.completedRate[s]! * 100).toFixed(1)}%`)),
    );
    const roundsTotal = m.tables.rounds.rows.reduce((t, r) => t + r.slice(1).reduce((u, c) => u + Number(c.split(' ')[0]!.replace(/,/g, '')), 0), 0);
    expect(roundsTotal).toBe(120);
    expect(m.tables.objectives.columns).toEqual(['Objective', 'The Choir', 'The Saints']);
  });

  it('rounds rows count every battle once; member, objective and points rows follow the report', () => {
    const total = roundsRows(report).reduce(
      (t, row) =>
        t +
        Object.entries(row)
          .filter(([k]) => k !== 'rounds')
          .reduce((s, [, v]) => s + v, 0),
      0,
    );
    expect(total).toBe(120);
    expect(memberRows(report)).toHaveLength(report.members.length);
    expect(objectiveRows(report).map((r) => r.objective)).toEqual(report.objectives.map((o) => o.id));
    const pts = pointsRows(report);
    expect(pts.reduce((t, row) => t + (row.a ?? 0), 0)).toBe(120);
  });

  it('a clicked bucket opens the very battle the simulation played there', () => {
    const ref = battleRefs(report)[0]!;
    expect(bucketBattle(report, ref.rounds, ref.outcome)).toEqual(ref);
    const decisions = simulatedBattle(setup, ['greedy', 'random'], 77, ref.run, ref.seed);
    if (!decisions.ok) throw new Error(decisions.error.message);
    const s = sessionFromDecisions(setup, ref.seed, decisions.value);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    const res = s.value.state.result!;
    expect(res.rounds).toBe(ref.rounds);
    expect(res.winner ?? 'draw').toBe(ref.outcome);
    const loss = lossBattle(report, 'a');
    if (loss !== null) expect(loss.outcome).not.toBe('a');
    const won = outcomeBattle(report, 'b');
    if (won !== null) expect(won.outcome).toBe('b');
  });

  it('formats an ETA', () => {
    expect(formatEta(null)).toBe('—');
    expect(formatEta(1500)).toBe('2 s');
    expect(formatEta(125_000)).toBe('2 min 5 s');
  });
});

describe('points distribution is capped (long tasks, issue 5)', () => {
  const wide = {
    ...report,
    analysis: {
      ...report.analysis!,
      points: [
        { side: 'a', histogram: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i), 1])) },
        { side: 'b', histogram: { '0': 5, '99': 7 } },
      ],
    },
  } as typeof report;

  it('groups 100 distinct values into at most 24 equal ranges, counting every battle once', () => {
    const rows = pointsRows(wide);
    expect(rows.length).toBeLessThanOrEqual(24);
    expect(rows.reduce((t, r) => t + (r.a ?? 0), 0)).toBe(100);
    expect(rows.reduce((t, r) => t + (r.b ?? 0), 0)).toBe(12);
    // 100 values in ranges of 5: 0–4, 5–9, …, 95–99.
    expect(rows.map(pointsLabel).slice(0, 2)).toEqual(['0–4', '5–9']);
    expect(rows[rows.length - 1]).toMatchObject({ points: 95, pointsTo: 99, a: 5, b: 7 });
    expect(rows.map((r) => r.points)).toEqual([...rows.map((r) => r.points)].sort((x, y) => x - y));
  });

  it('keeps one row per value when they fit, labelled by the value', () => {
    const rows = pointsRows(wide, 200);
    expect(rows).toHaveLength(100);
    expect(pointsLabel(rows[7]!)).toBe('7');
    expect(pointsRows({ ...report, analysis: undefined } as typeof report)).toEqual([]);
  });
});

describe('count axis ticks', () => {
  it('start at 0, reach the maximum in round steps, at most six of them', async () => {
    const { countTicks } = await import('../../../../src/renderer/src/testrun/chart-data');
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(100)).toEqual([0, 50, 100]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (const max of [1, 3, 9, 17, 260, 99_999]) {
      const t = countTicks(max);
      expect(t[0]).toBe(0);
      expect(t[t.length - 1]).toBeGreaterThanOrEqual(max);
      expect(t.length).toBeLessThanOrEqual(6);
    }
  });
});
