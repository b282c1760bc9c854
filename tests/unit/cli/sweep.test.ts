import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { gridOf, parseVary } from '../../../src/shared/sweep';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture, terminalCapture } from './cli-capture';

const exec = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};
const sweep = (...argv: string[]) => exec('sweep', 'drowned-foundry', '--workspace', EXAMPLE_ROOT, '--runs', '30', '--workers', '1', '--ai', 'greedy,random', ...argv);
const simulate = async (...argv: string[]) => JSON.parse((await exec('simulate', 'drowned-foundry', '--workspace', EXAMPLE_ROOT, '--runs', '30', '--workers', '1', '--ai', 'greedy,random', '--json', ...argv)).out);

describe('sweep grids', () => {
  it('parses vary paths and builds the product, first axis slowest', () => {
    const a = parseVary('ruleset.clash.tie=standoff,attacker,defender');
    const b = parseVary('crews.b=rot-saints,marrow-kin');
    expect(a).toMatchObject({ ok: true, value: { target: 'knob', rest: ['clash', 'tie'], values: [{ text: 'standoff' }, { text: 'attacker' }, { text: 'defender' }] } });
    expect(parseVary('scenario.objectives.0.points=1,3')).toMatchObject({ ok: true, value: { target: 'scenario', rest: ['objectives', 0, 'points'], values: [{ value: 1 }, { value: 3 }] } });
    expect(gridOf([a, b].map((r) => (r.ok ? r.value : null!)))).toEqual({ ok: true, value: [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1]] });
    for (const bad of ['tie=standoff', 'crews=a', 'ruleset.clash.tie', 'ruleset.clash.tie=a,,b', 'crews.b=x,x', 'scenario=rounds']) expect(parseVary(bad).ok, bad).toBe(false);
  });
});

describe('mortisphere sweep', () => {
  it('runs the grid of the issue on identical seeds: each row equals simulate of that variant', async () => {
    const r = await sweep('--vary', 'ruleset.clash.tie=standoff,attacker,defender', '--vary', 'crews.b=rot-saints,marrow-kin', '--json');
    expect(r.code, r.err).toBe(0);
    const json = JSON.parse(r.out);
    expect(json.vary).toEqual([{ path: 'ruleset.clash.tie', values: ['standoff', 'attacker', 'defender'] }, { path: 'crews.b', values: ['rot-saints', 'marrow-kin'] }]);
    expect(json.variants).toHaveLength(6);
    expect(json.variants[3].values).toEqual({ 'ruleset.clash.tie': 'attacker', 'crews.b': 'marrow-kin' });
    // The same battles as simulate with that crew and a ruleset with that knob (grim-reach is not it;
    // core with crews.b changed is the standoff row, since core's tie is standoff).
    const standoffMarrow = await simulate('--crews', 'iron-choir,marrow-kin');
    const { elapsedMs: _e, ...expected } = standoffMarrow;
    expect({ ...json.variants[1].report, ruleset: 'core' }).toEqual(expected);
    // Knobs matter: the three tie rules do not all give the same battles.
    const rows = json.variants.filter((_: unknown, i: number) => i % 2 === 0).map((v: { report: Record<string, unknown> }) => JSON.stringify({ ...v.report, ruleset: '' }));
    expect(new Set(rows).size).toBeGreaterThan(1);
  });

  it('prints a table of win rates with intervals, and CSV with one line per variant', async () => {
    const text = await sweep('--vary', 'ruleset=core,grim-reach');
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain('sweep drowned-foundry: 2 variants × 30 runs, seed 1, identical seeds for every variant');
    expect(text.out).toMatch(/ruleset\s+a wins \[95%\]\s+b wins \[95%\]\s+draws/);
    expect(text.out).toMatch(/\ngrim-reach\s+[\d.]+% \[[\d.]+%–[\d.]+%\] iron-choir/);
    const csv = await sweep('--vary', 'scenario.rounds=3,6', '--csv');
    const lines = csv.out.split('\n');
    expect(lines[0]).toBe('scenario.rounds,runs,a_crew,a_wins,a_win_rate,a_ci95_low,a_ci95_high,b_crew,b_wins,b_win_rate,b_ci95_low,b_ci95_high,draws,draw_rate,draw_ci95_low,draw_ci95_high');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^3,30,iron-choir,\d+,/);
  });

  it('bad --vary values and unknown ids exit 2 before any run, naming the variant', async () => {
    const tie = await sweep('--vary', 'ruleset.clash.tie=standoff,sideways');
    expect(tie.code).toBe(EXIT_CODES.usage);
    expect(tie.err).toContain("variant ruleset.clash.tie=sideways: ruleset 'sweep-variant-2': clash.tie 'sideways' is not one of: standoff, attacker, defender, bothDamaged, reroll");
    const knob = await sweep('--vary', 'ruleset.clash.tye=standoff');
    expect(knob.err).toContain("did you mean 'tie'");
    expect((await sweep('--vary', 'crews.c=rot-saints')).err).toContain("has no side 'c'; its sides are a, b");
    expect((await sweep('--vary', 'crews.b=nobody')).code).toBe(EXIT_CODES.usage);
    expect((await sweep('--vary', 'ai.a=deep-blue')).err).toContain('valid bots');
    expect((await sweep()).code).toBe(EXIT_CODES.usage);
    expect((await sweep('--vary', 'ruleset=core', '--json', '--csv')).code).toBe(EXIT_CODES.usage);
    expect((await exec('sweep', 'atlantis', '--workspace', EXAMPLE_ROOT, '--vary', 'ruleset=core')).err).toContain('valid scenarios');
  });

  it('Ctrl+C prints the variants finished so far, marked partial (exit 130)', async () => {
    const io = terminalCapture();
    const pending = main(['sweep', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--vary', 'ai.a=random,greedy', '--runs', '200000', '--workers', '1', '--ai', 'random,random'], io);
    while (io.listening() === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 800));
    io.interrupt();
    expect(await pending).toBe(EXIT_CODES.interrupted);
    expect(io.stdout.join('\n')).toContain('PARTIAL RESULT: interrupted by Ctrl+C after 0 of 2 variants');
    expect(io.progress.some((l) => /sweep {2}[\d,]+\/400,000 runs/.test(l))).toBe(true);
  });
});
