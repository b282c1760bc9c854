import { describe, expect, it } from 'vitest';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { simulate } from '../../../../src/shared/engine/sim/runner';
import {
  battleRefs,
  bucketBattle,
  lossBattle,
  memberRows,
  objectiveRows,
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
  it('win + draw + loss is 100% per side and the interval brackets the win rate', () => {
    for (const r of outcomeRows(report, { a: 'The Choir' })) {
      expect(r.win + r.draw + r.loss).toBeCloseTo(100, 1);
      expect(r.winCi[0]).toBeLessThanOrEqual(r.win);
      expect(r.winCi[1]).toBeGreaterThanOrEqual(r.win);
      expect(r.winError[0]).toBeGreaterThanOrEqual(0);
    }
    expect(outcomeRows(report, { a: 'The Choir' })[0]!.side).toBe('The Choir');
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
