import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('mortisphere play / replay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'play-'));
  const log = join(dir, 'battle.json');

  it('play writes a battle log and replay prints the same events (R1.6)', async () => {
    const played = await run('play', 'drowned-foundry', '--workspace', EXAMPLE_ROOT, '--seed', '11', '--ai', 'greedy,random', '--log', log);
    expect(played.code, played.err).toBe(0);
    expect(played.out[0]).toMatch(/Round 1/);
    const saved = JSON.parse(readFileSync(log, 'utf8'));
    expect(Object.keys(saved)).toEqual(['version', 'scenario', 'crews', 'ruleset', 'seed', 'setup', 'decisions']);
    expect(saved).toMatchObject({ version: 2, scenario: 'drowned-foundry', crews: ['iron-choir', 'rot-saints'], ruleset: 'core', seed: 11 });
    expect(saved.decisions.length).toBeGreaterThan(5);
    const replayed = await run('replay', log, '--workspace', EXAMPLE_ROOT);
    expect(replayed.code, replayed.err).toBe(0);
    expect(replayed.out).toEqual(played.out);
  });

  it('replay refuses a malformed log (exit 2) and a log that does not fit the workspace (exit 1)', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"scenario": 3}');
    const malformed = await run('replay', bad, '--workspace', EXAMPLE_ROOT);
    expect(malformed.code).toBe(2);
    expect(malformed.err).toContain("'scenario'");
    const wrong = join(dir, 'wrong.json');
    const saved = JSON.parse(readFileSync(log, 'utf8'));
    saved.decisions[0] = { type: 'hold', side: 'a', member: 'a:nobody' };
    writeFileSync(wrong, JSON.stringify(saved));
    const mismatch = await run('replay', wrong, '--workspace', EXAMPLE_ROOT);
    expect(mismatch.code).toBe(1);
    expect(mismatch.err).toContain('decision 1');
  });

  it('play rejects an unknown bot with exit 2', async () => {
    const r = await run('play', 'drowned-foundry', '--workspace', EXAMPLE_ROOT, '--ai', 'greedy,magic');
    expect(r.code).toBe(2);
    expect(r.err).toContain('valid bots');
  });
});
