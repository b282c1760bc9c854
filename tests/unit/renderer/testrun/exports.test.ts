import { describe, expect, it } from 'vitest';
import { compareReports } from '../../../../src/shared/engine/analysis';
import { getPolicies } from '../../../../src/shared/engine/bots';
import { simulate } from '../../../../src/shared/engine/sim/runner';
import { chartPalette, contrastRatio } from '../../../../src/renderer/src/testrun/chart-palette';
import { botDecision } from '../../../../src/renderer/src/testrun/bot-move';
import {
  battleReport,
  cliReport,
  comparisonCsv,
  comparisonJson,
  csvField,
  SIMULATION_CSV_HEADER,
  simulationCsv,
  simulationJson,
} from '../../../../src/renderer/src/testrun/exports';
import { lostOf } from '../../../../src/renderer/src/testrun/OddsView';
import { startSession, stepSession } from '../../../../src/renderer/src/testrun/play-session';
import { prepareBattle } from '../../../../src/renderer/src/testrun/setup-choice';
import { exampleModel } from './example';
import { parseCsv } from './csv';

const { model, diagnostics } = exampleModel();
const prepared = prepareBattle(model, diagnostics, { scenario: 'drowned-foundry', crews: ['', ''], ruleset: '', players: ['greedy', 'random'], seed: 1 });
if (!prepared.ok) throw new Error(prepared.refusal.message);
const setup = prepared.setup;
const policies = getPolicies(['greedy', 'random']);
if (!policies.ok) throw new Error('bots');
const run = (seed: number) => {
  const r = simulate(setup, { runs: 80, seed, policies: policies.value });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const report = run(5);


describe('exports (issue 11, item 5)', () => {
  it('simulation JSON is the CLI shape: the DESIGN.md keys in order, no analysis', () => {
    const json = JSON.parse(simulationJson(report)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs', 'coverage']);
    expect(json).toEqual(JSON.parse(JSON.stringify(cliReport(report))));
  });

  it('simulation CSV parses, has one tidy row per number and agrees with the report', () => {
    const rows = parseCsv(simulationCsv(report));
    expect(rows[0]).toEqual([...SIMULATION_CSV_HEADER]);
    expect(rows.every((r) => r.length === SIMULATION_CSV_HEADER.length)).toBe(true);
    const win = rows.find((r) => r[0] === 'win_rate' && r[1] === 'a')!;
    expect(Number(win[3])).toBe(report.sides[0]!.winRate);
    expect(Number(win[4])).toBe(report.sides[0]!.ci95[0]);
    expect(Number(win[6])).toBe(report.sides[0]!.wins);
    const rounds = rows.filter((r) => r[0] === 'rounds').reduce((t, r) => t + Number(r[6]), 0);
    expect(rounds).toBe(report.runs);
    expect(rows.filter((r) => r[0] === 'incapacitated_rate')).toHaveLength(report.members.length);
    expect(rows.find((r) => r[0] === 'meta' && r[1] === 'runs')![3]).toBe(String(report.runs));
  });

  it('quotes CSV fields that need it', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(parseCsv(`${['x,y', 'q"t'].map(csvField).join(',')}\r\n`)).toEqual([['x,y', 'q"t']]);
  });

  it('comparison JSON holds both runs in the CLI shape and the differences; its CSV parses', () => {
    const second = run(6);
    const cmp = compareReports(report, second);
    if (!cmp.ok) throw new Error(cmp.error.message);
    const json = JSON.parse(comparisonJson([{ label: 'core', report }, { label: 'Grim, Reach', report: second }], cmp.value)) as {
      first: Record<string, unknown>;
      second: Record<string, unknown>;
      difference: { sides: { subject: string; difference: number; ci95: number[] }[]; draws: unknown };
    };
    expect(json.first.label).toBe('core');
    expect(json.first.runs).toBe(80);
    expect('analysis' in json.second).toBe(false);
    expect(json.difference.sides.map((d) => d.subject)).toEqual(['a', 'b']);
    expect(json.difference.sides[0]!.difference).toBeCloseTo(second.sides[0]!.winRate - report.sides[0]!.winRate, 12);
    const rows = parseCsv(comparisonCsv(['core', 'Grim, Reach'], cmp.value));
    expect(rows).toHaveLength(4);
    expect(rows[1]![2]).toBe('Grim, Reach');
    expect(rows[3]![0]).toBe('draw');
  });

  it('a played battle as a Markdown battle report: setup, result and every event under its round', () => {
    let s = startSession(setup, 42);
    while (s.state.phase !== 'ended') {
      const a = botDecision(s.state, 'greedy', 42, s.decisions.length);
      if (!a.ok) throw new Error(a.error.message);
      const n = stepSession(s, a.value);
      if (!n.ok) throw new Error(n.error.message);
      s = n.value;
    }
    const md = battleReport(s);
    expect(md.startsWith('# Battle report: The Drowned Foundry\n')).toBe(true);
    expect(md).toContain('- Seed: 42');
    expect(md).toContain('crew value 42');
    expect(md).toContain('## Result');
    expect(md).toMatch(/\n## Round 1\n/);
    const items = md.split('\n').filter((l) => /^\d+\. /.test(l));
    expect(items).toHaveLength(s.events.length);
    expect(items.at(-1)).toMatch(/The battle ends/);
  });
});

describe('small things (issue 11, items 4 and 7)', () => {
  it('chart text, grid and error bars reach 4.5:1 against the page in both themes; bars 3:1', () => {
    for (const theme of ['light', 'dark'] as const) {
      const p = chartPalette(theme);
      for (const c of [p.axis, p.grid, p.errorBar]) expect(contrastRatio(c, p.background), `${theme} ${c}`).toBeGreaterThanOrEqual(4.5);
      for (const c of [...p.sides, p.draw]) expect(contrastRatio(c, p.background), `${theme} ${c}`).toBeGreaterThanOrEqual(3);
    }
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('the Odds tab refuses negative or non-whole lost Health with a message, as the CLI does', () => {
    expect(lostOf('2', 'Attacker')).toBe(2);
    expect(lostOf('-1', 'Attacker')).toMatch(/Attacker lost Health '-1' is not a whole number ≥ 0/);
    expect(lostOf('1.5', 'Defender')).toMatch(/not a whole number/);
    expect(lostOf('', 'Defender')).toMatch(/not a whole number/);
    expect(lostOf('21', 'Defender')).toMatch(/more than 20/);
  });
});
