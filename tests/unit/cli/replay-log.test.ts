import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout, err: io.stderr.join('\n') };
};

const RULESET = 'kind: ruleset\nschemaVersion: 1\nid: a-seq\nextends: core\nclash: {timing: sequential, tie: attacker}\n';

describe('self-contained battle logs (R1.6, DESIGN.md "a battle log is self-contained")', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-'));

  it('R1.6 a log made with a ruleset given as a file replays anywhere, bit-identical, and says the workspace cannot rebuild it', async () => {
    const rules = join(dir, 'a-seq.yaml');
    writeFileSync(rules, RULESET);
    const log = join(dir, 'file-ruleset.json');
    const played = await run('play', 'glass-temple', '--workspace', EXAMPLE_ROOT, '--ruleset', rules, '--seed', '5', '--log', log);
    expect(played.code, played.err).toBe(0);
    // Elsewhere, with no workspace at all: the stored setup alone.
    const empty = mkdtempSync(join(tmpdir(), 'nowhere-'));
    const anywhere = await run('replay', log, '--workspace', empty);
    expect(anywhere.code, anywhere.err).toBe(0);
    expect(anywhere.out).toEqual(played.out);
    expect(anywhere.err).toBe('');
    // In the example workspace, which has no ruleset 'a-seq': replayed, and said.
    const here = await run('replay', log, '--workspace', EXAMPLE_ROOT);
    expect(here.code, here.err).toBe(0);
    expect(here.out).toEqual(played.out);
    expect(here.err).toMatch(/replay: note: the workspace at .* cannot rebuild this battle \(ruleset 'a-seq' does not exist.*replayed the setup stored in the log/);
  });

  it('R1.6 replay says which of the workspace\'s current files differ from the stored ones, and replays the stored setup', async () => {
    const ws = mkdtempSync(join(tmpdir(), 'ws-'));
    cpSync(EXAMPLE_ROOT, ws, { recursive: true });
    const log = join(dir, 'drowned.json');
    const played = await run('play', 'drowned-foundry', '--workspace', ws, '--seed', '3', '--log', log);
    expect(played.code, played.err).toBe(0);
    const same = await run('replay', log, '--workspace', ws);
    expect(same.err).toBe('');
    const crew = join(ws, 'crews', 'iron-choir.yaml');
    writeFileSync(crew, readFileSync(crew, 'utf8').replace(/health: (\d+)/, (_, h: string) => `health: ${Number(h) + 1}`));
    const scenario = join(ws, 'scenarios', 'drowned-foundry.yaml');
    writeFileSync(scenario, readFileSync(scenario, 'utf8').replace(/rounds: \d+/, 'rounds: 9'));
    const changed = await run('replay', log, '--workspace', ws);
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toEqual(played.out);
    expect(changed.err).toContain("the workspace's current files differ from the ones this battle was played with");
    expect(changed.err).toContain("scenario 'drowned-foundry' (scenarios/drowned-foundry.yaml): rounds");
    expect(changed.err).toMatch(/crew 'iron-choir' \(crews\/iron-choir\.yaml\): member '[a-z0-9-]+'/);
  });

  it('a version 1 log (ids only) still replays against its workspace', async () => {
    const log = join(dir, 'v2.json');
    const played = await run('play', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--seed', '8', '--log', log);
    expect(played.code).toBe(0);
    const { version: _v, setup: _s, ...v1 } = JSON.parse(readFileSync(log, 'utf8'));
    const old = join(dir, 'v1.json');
    writeFileSync(old, JSON.stringify(v1));
    const replayed = await run('replay', old, '--workspace', EXAMPLE_ROOT);
    expect(replayed.code, replayed.err).toBe(0);
    expect(replayed.out).toEqual(played.out);
    const elsewhere = await run('replay', old, '--workspace', mkdtempSync(join(tmpdir(), 'empty-')));
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.err).toContain('version 1 log (ids only)');
  });

  it('a damaged stored setup or an unknown version is refused with exit 2, never thrown', async () => {
    const log = join(dir, 'v2.json');
    const saved = JSON.parse(readFileSync(log, 'utf8'));
    const cases: [unknown, RegExp][] = [
      [{ ...saved, version: 3 }, /version 3/],
      [{ ...saved, setup: { ...saved.setup, sides: [saved.setup.sides[0]] } }, /'setup': the setup needs exactly two sides/],
      [{ ...saved, setup: { ...saved.setup, ruleset: { ...saved.setup.ruleset, clash: { ...saved.setup.ruleset.clash, tie: 'maybe' } } } }, /'setup': ruleset knobs/],
      [{ ...saved, setup: { ...saved.setup, areas: [] } }, /'setup': areas/],
      [{ ...saved, setup: null }, /'setup'/],
    ];
    for (const [data, message] of cases) {
      const bad = join(dir, 'bad.json');
      writeFileSync(bad, JSON.stringify(data));
      const r = await run('replay', bad);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});
