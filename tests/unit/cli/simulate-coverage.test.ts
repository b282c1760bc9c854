import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

// glass-temple: the item 'relic-lens' needs an opponent of type 'machine', which its crews lack.
const base = ['simulate', 'glass-temple', '--workspace', EXAMPLE_ROOT, '--seed', '9', '--ai', 'random,random', '--runs', '200'];
const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main([...base, ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('simulate: rule coverage (issue 16 item 6)', () => {
  it('--json adds `coverage` after the DESIGN.md keys, in order, with battles per rule, source, effect, objective and Area', async () => {
    const r = await run('--workers', '1', '--json');
    expect(r.code, r.err).toBe(0);
    const report = JSON.parse(r.out) as Record<string, unknown> & { coverage: { entries: { kind: string; id: string; battles: number }[]; neverFired: { kind: string; id: string; reason: string }[] } };
    expect(Object.keys(report)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs', 'coverage']);
    const kinds = new Set(report.coverage.entries.map((e) => e.kind));
    for (const k of ['rule', 'ability', 'item', 'effect', 'objective', 'area']) expect(kinds).toContain(k);
    for (const e of report.coverage.entries) expect(e.battles).toBeGreaterThanOrEqual(0);
    expect(report.coverage.entries.find((e) => e.id === 'R3.1')!.battles).toBeGreaterThan(0);
    expect(report.coverage.neverFired.find((n) => n.id === 'relic-lens')).toEqual({
      kind: 'item',
      id: 'relic-lens',
      name: 'Relic Lens',
      reason: "its `when` needs an opponent of type 'machine', but no opposing member is of type 'machine'",
    });
  });

  it('the text output ends with a short never-fired list, each with its reason', async () => {
    const r = await run('--workers', '1');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/coverage: \d+ of \d+ tracked rules, effects, objectives and Areas never fired:/);
    expect(r.out).toContain("  item 'relic-lens' never fired in 200 battles: its `when` needs an opponent of type 'machine', but no opposing member is of type 'machine'");
  });

  it('the same coverage for any number of workers', async () => {
    const one = await run('--workers', '1', '--json');
    const two = await run('--workers', '2', '--json');
    const strip = (s: string) => s.replace(/"elapsedMs":\d+/, '');
    expect(strip(two.out)).toBe(strip(one.out));
  });

  it("--assert 'covered(ID)' passes when it fired, fails (exit 1) with the reason when it never did", async () => {
    const pass = await run('--workers', '1', '--assert', 'covered(R3.1)', '--assert', 'covered(rule:R5.3)');
    expect(pass.code, pass.err).toBe(EXIT_CODES.ok);
    expect(pass.out).toMatch(/PASS covered\(R3\.1\): fired in \d+ of 200 battles/);
    const fail = await run('--workers', '1', '--assert', 'covered(relic-lens)');
    expect(fail.code).toBe(EXIT_CODES.failure);
    expect(fail.out).toContain("FAIL covered(relic-lens): fired in 0 of 200 battles; its `when` needs an opponent of type 'machine'");
    const json = await run('--workers', '1', '--json', '--assert', 'covered(relic-lens)');
    expect(json.code).toBe(EXIT_CODES.failure);
    expect(JSON.parse(json.out).assertions[0]).toMatchObject({ assertion: 'covered(relic-lens)', status: 'fail', metric: 'covered(item:relic-lens)' });
  });

  it('an unknown id is a usage error (exit 2) naming the valid kinds, before any run', async () => {
    const r = await run('--workers', '1', '--assert', 'covered(spore-cloud)');
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain("covered: no rule, ability, item, special rule, Area rule, effect, objective or Area 'spore-cloud'");
    expect(r.err).toContain('rule, ability, item, specialRule, areaRule, effect, objective, area');
    expect(r.out).toBe('');
  });
});
