import { describe, expect, it } from 'vitest';
import { emptyForecast, forecastPlan, forecastReport, mergeForecast, nextBattle, remainingBattles, remainingScenarios, runForecastRange, standings, unifiedDiff } from '../../../../src/shared/campaign';
import type { CampaignDoc } from '../../../../src/shared/model/types';
import { validateFiles } from '../../../../src/shared/validation';
import { EXAMPLE_DIR, readWorkspaceFiles } from '../../resources/workspace-files';
import { baseFiles, load } from './helpers';

const league = (over: Partial<CampaignDoc>): CampaignDoc => ({ ...load(baseFiles()).model.campaigns.get('league')!, ...over });

describe('standings and the season schedule', () => {
  it('standings count battles, wins, draws, losses and points; ties share a place', () => {
    const { model } = load(baseFiles());
    const c = league({
      battles: [
        { scenario: 'pit', date: '2026-12-01', sides: { a: 'reds', b: 'blues' }, winner: 'a', points: { a: 3, b: 1 } },
        { scenario: 'bridge', date: '2026-12-02', sides: { a: 'greens', b: 'blues' }, winner: null, points: { a: 2, b: 2 } },
      ],
    });
    expect(standings(model, c).map((r) => [r.crew, r.rank, r.battles, r.wins, r.draws, r.losses, r.pointsFor, r.pointsAgainst])).toEqual([
      ['reds', 1, 1, 1, 0, 0, 3, 1],
      ['greens', 2, 1, 0, 1, 0, 2, 2],
      ['blues', 3, 2, 0, 1, 1, 3, 5],
    ]);
    expect(standings(model, league({ battles: [] })).map((r) => r.rank)).toEqual([1, 1, 1]);
  });

  it('the next battle is the next planned scenario, skipping each one as many times as it was played', () => {
    const played = [{ scenario: 'bridge', date: '2026-12-01', sides: { a: 'reds', b: 'blues' }, winner: 'a', points: { a: 1, b: 0 } }];
    expect(remainingScenarios(league({ scenarios: ['pit', 'bridge', 'pit', 'bridge'], battles: played }))).toEqual(['pit', 'pit', 'bridge']);
    expect(remainingScenarios(league({ scenarios: ['pit'], battles: [...played, { ...played[0]!, scenario: 'pit' }] }))).toEqual([]);
  });

  it('the crews to field: the least played first, the scenario default on a tie, never the same crew twice', () => {
    const { model } = load(baseFiles());
    expect(remainingBattles(model, league({ battles: [] })).map((b) => b.crews)).toEqual([
      ['reds', 'blues'], // the pit's defaults
      ['greens', 'reds'],
      ['blues', 'greens'],
      ['reds', 'blues'],
    ]);
    expect(nextBattle(model, league({ scenarios: [] }))).toBeNull();
  });

  it('a line diff of a recording shows only its additions', () => {
    const diff = unifiedDiff('crews/x.yaml', 'a\nb\nc\nd\ne\nf\n', 'a\nb\nc\nC1\nC2\nd\ne\nf\n');
    expect(diff).toBe(['--- a/crews/x.yaml', '+++ b/crews/x.yaml', '@@ -2,4 +2,6 @@', ' b', ' c', '+C1', '+C2', ' d', ' e'].join('\n'));
  });
});

describe('the season forecast (pure core)', () => {
  const { model } = validateFiles(readWorkspaceFiles(EXAMPLE_DIR));
  const campaign = model.campaigns.get('ashen-reach')!;

  it('plans the remaining battles with the crews as they stand', () => {
    const plan = forecastPlan(model, campaign, ['greedy', 'greedy'], 3);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.value.battles.map((b) => [b.scenario, plan.value.crews[b.crews[0]]!.id, plan.value.crews[b.crews[1]]!.id])).toEqual([
      ['glass-temple', 'lantern-pilgrims', 'iron-choir'],
      ['marrow-market', 'marrow-kin', 'lantern-pilgrims'],
      ['drowned-foundry', 'iron-choir', 'rot-saints'],
      ['glass-temple', 'lantern-pilgrims', 'marrow-kin'],
    ]);
    // Weeping Bloom's lasting injury carries into the forecast.
    expect(plan.value.crews.find((c) => c.id === 'rot-saints')!.members.find((m) => m.id === 'weeping-bloom')!.health).toBe(1);
  });

  it('same seed ⇒ same counts however the runs are split; places and survival are probabilities', () => {
    const plan = forecastPlan(model, campaign, ['random', 'random'], 11);
    if (!plan.ok) throw new Error(plan.error.message);
    const whole = emptyForecast(plan.value);
    expect(runForecastRange(plan.value, 0, 12, whole).ok).toBe(true);
    const a = emptyForecast(plan.value);
    const b = emptyForecast(plan.value);
    runForecastRange(plan.value, 0, 5, a);
    runForecastRange(plan.value, 5, 12, b);
    expect(mergeForecast(b, a)).toEqual(whole);
    const report = forecastReport(plan.value, whole, 0);
    for (const c of report.crews) expect(c.places.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 10);
    for (let p = 0; p < report.crews.length; p++) expect(report.crews.reduce((x, c) => x + c.places[p]!, 0)).toBeGreaterThan(0);
    for (const c of report.crews) for (const m of c.members) expect(m.survival).toBeGreaterThanOrEqual(0);
    expect(report.runs).toBe(12);
  });

  it('carries aftermath between battles: injuries lower Health, the dead stop fighting', () => {
    // A season of many battles between two crews: someone dies in some runs.
    const files = baseFiles();
    files['campaigns/league.yaml'] = files['campaigns/league.yaml']!.replace('[reds, blues, greens]', '[reds, blues]').replace('[pit, bridge, pit, bridge]', `[${Array(8).fill('pit').join(', ')}]`);
    const { model: m } = load(files);
    const plan = forecastPlan(m, m.campaigns.get('league')!, ['greedy', 'greedy'], 5);
    if (!plan.ok) throw new Error(plan.error.message);
    const acc = emptyForecast(plan.value);
    runForecastRange(plan.value, 0, 20, acc);
    const report = forecastReport(plan.value, acc, 0);
    const survival = report.crews.flatMap((c) => c.members.map((x) => x.survival));
    expect(Math.min(...survival)).toBeLessThan(1);
    expect(report.crews.reduce((s, c) => s + c.expectedWins, 0)).toBeLessThanOrEqual(8);
  });
});
