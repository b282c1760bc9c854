import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main(['odds', ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};
const empty = mkdtempSync(join(tmpdir(), 'odds-'));

describe('mortisphere odds', () => {
  it('prints the DESIGN.md JSON with fractions in lowest terms (R4.2, core: standoff)', async () => {
    const r = await run('d6', 'd6', '--json', '--workspace', empty);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).toEqual(['attackerWins', 'defenderWins', 'tie']);
    expect(json.attackerWins).toEqual({ fraction: '5/12', value: 5 / 12 });
    expect(json.tie.fraction).toBe('1/6');
  });

  it('applies lost Health (R1.4) and a ruleset from the workspace (R4.3 tie: defender)', async () => {
    const r = await run('d10', 'd6', '--lost-a', '2', '--ruleset', 'grim-reach', '--workspace', EXAMPLE_ROOT, '--json');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    // grim-reach: cappedRoll reroll → the d10 at 2 lost is uniform on 1..6; ties go to the defender.
    expect(json.attackerWins.fraction).toBe('5/12');
    expect(json.defenderWins.fraction).toBe('7/12');
    expect(json.tie.fraction).toBe('0/1');
  });

  it('reads a ruleset YAML file (tie: reroll leaves 1/6^11 tied for d6 vs d6)', async () => {
    const file = join(empty, 'rerolls.yaml');
    writeFileSync(file, 'kind: ruleset\nschemaVersion: 1\nid: rerolls\nextends: core\nclash: {tie: reroll}\n');
    const r = await run('d6', 'd6', '--ruleset', file, '--json', '--workspace', empty);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).tie.fraction).toBe(`1/${6 ** 11}`);
  });

  it('prints a readable table by default', async () => {
    const r = await run('d6', 'd10', '--workspace', empty);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/attacker wins\s+1\/4\s+25\.00%/);
  });

  it('rejects a bad die, a bad lost value and an unknown ruleset with exit 2', async () => {
    expect((await run('d7', 'd6')).code).toBe(2);
    expect((await run('d6', 'd6', '--lost-a', '-1')).code).toBe(2);
    const unknown = await run('d6', 'd6', '--ruleset', 'nope', '--workspace', EXAMPLE_ROOT);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('grim-reach');
  });
});
