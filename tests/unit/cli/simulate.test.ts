import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main(['simulate', ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('mortisphere simulate', () => {
  it('prints exactly the DESIGN.md JSON keys, identical for 1 and 2 workers but elapsedMs', async () => {
    const args = ['marrow-market', '--workspace', EXAMPLE_ROOT, '--runs', '40', '--seed', '5', '--ai', 'greedy,random', '--json'];
    const one = await run(...args, '--workers', '1');
    const two = await run(...args, '--workers', '2');
    expect(one.code, one.err).toBe(0);
    expect(two.code, two.err).toBe(0);
    const a = JSON.parse(one.out);
    const b = JSON.parse(two.out);
    expect(Object.keys(a)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs', 'coverage']);
    expect(Object.keys(a.sides[0])).toEqual(['side', 'crew', 'wins', 'winRate', 'ci95']);
    expect(Object.keys(a.rounds)).toEqual(['mean', 'histogram']);
    expect(Object.keys(a.members[0])).toEqual(['crew', 'member', 'incapacitatedRate', 'side']);
    expect(Object.keys(a.objectives[0])).toEqual(['id', 'completedRate']);
    expect(Object.keys(a.objectives[0].completedRate)).toEqual(a.sides.map((s: { side: string }) => s.side));
    expect(a.runs).toBe(40);
    expect(a.seed).toBe(5);
    delete a.elapsedMs;
    delete b.elapsedMs;
    expect(b).toEqual(a);
  });

  it('prints a readable summary table without --json', async () => {
    const r = await run('marrow-market', '--workspace', EXAMPLE_ROOT, '--runs', '10', '--workers', '1', '--ai', 'random,random');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('95% interval');
    expect(r.out).toContain('incapacitated:');
  });

  it('exit 2 with the valid names for an unknown bot, scenario or crew', async () => {
    const bot = await run('marrow-market', '--workspace', EXAMPLE_ROOT, '--ai', 'greedy,deep-blue');
    expect(bot.code).toBe(2);
    expect(bot.err).toContain('random, greedy, mcts');
    const scenario = await run('atlantis', '--workspace', EXAMPLE_ROOT);
    expect(scenario.code).toBe(2);
    expect(scenario.err).toContain('drowned-foundry');
    const crew = await run('marrow-market', '--workspace', EXAMPLE_ROOT, '--crews', 'iron-choir,nobody');
    expect(crew.code).toBe(2);
    expect(crew.err).toContain('rot-saints');
    expect((await run('marrow-market', '--runs', 'many')).code).toBe(2);
  });

  it('exit 1 with the validator diagnostics for a scenario file that does not validate', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'sim-bad-'));
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'kind: scenario\nschemaVersion: 1\nid: broken\nname: Broken\nareas: []\nsides: []\n');
    const r = await run(file, '--workspace', EXAMPLE_ROOT, '--runs', '5', '--workers', '1');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/broken\.yaml:\d+:\d+ error /);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });
});
