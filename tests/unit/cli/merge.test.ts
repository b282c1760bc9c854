import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture } from './cli-capture';

const sim = ['simulate', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--runs', '23', '--seed', '11', '--ai', 'greedy,random'];
const exec = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};
const withoutElapsed = (json: string): string => json.replace(/"elapsedMs":\d+/, '');

/** Writes the N shard files of `args` into a fresh folder; returns their paths. */
const shards = async (n: number, args: string[] = sim, workers = '1'): Promise<string[]> => {
  const dir = mkdtempSync(join(tmpdir(), `shards-${n}-`));
  const files: string[] = [];
  for (let i = 1; i <= n; i++) {
    const file = join(dir, `part-${i}.json`);
    const r = await exec(...args, '--workers', workers, '--shard', `${i}/${n}`, '--out', file);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toBe('');
    files.push(file);
  }
  return files;
};

describe('simulate --shard I/N + merge', () => {
  it.each([1, 2, 3, 7])('N = %i: merge --json is byte-identical to the unsharded simulate --json but elapsedMs', async (n) => {
    const whole = await exec(...sim, '--workers', '1', '--json');
    expect(whole.code, whole.err).toBe(0);
    const files = await shards(n);
    // Merge order does not matter: give the files reversed.
    const merged = await exec('merge', ...files.reverse(), '--json');
    expect(merged.code, merged.err).toBe(0);
    expect(withoutElapsed(merged.out)).toBe(withoutElapsed(whole.out));
    // `coverage` (issue 16 item 6) follows `elapsedMs`, in the merged report as in simulate --json.
    expect(merged.out).toMatch(/"elapsedMs":\d+,"coverage":\{"entries":\[/);
  });

  it('shards run on worker threads merge to the same report', async () => {
    const whole = await exec(...sim, '--workers', '1', '--json');
    const merged = await exec('merge', ...(await shards(2, sim, '2')), '--json');
    expect(withoutElapsed(merged.out)).toBe(withoutElapsed(whole.out));
  });

  it('the statistics file carries the scenario, crews, ruleset, bots and seed', async () => {
    const [file] = await shards(3);
    const part = JSON.parse(readFileSync(file, 'utf8'));
    expect(part.format).toBe('mortisphere-simulation-part');
    expect(part.run).toMatchObject({ scenario: 'marrow-market', crews: ['marrow-kin', 'rot-saints'], ruleset: 'core', bots: ['greedy', 'random'], seed: 11, runs: 23 });
    expect(part.run.setupSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(part.shard).toEqual({ index: 1, count: 3, from: 0, to: 7 });
    expect(part.stats.runs).toBe(7);
  });

  it('merge prints the text report and judges --assert on the whole run', async () => {
    const files = await shards(2);
    const text = await exec('merge', ...files);
    expect(text.code).toBe(0);
    expect(text.out).toContain("23 runs, seed 11, ruleset 'core', bots greedy vs random");
    const gate = await exec('merge', ...files, '--assert', 'draws > 0.95');
    expect(gate.code).toBe(EXIT_CODES.failure);
    expect(gate.out).toContain('FAIL draws > 0.95');
  });

  it('refuses parts of different runs, naming what differs', async () => {
    const a = await shards(2);
    const other = await shards(2, sim.map((x) => (x === '11' ? '12' : x)));
    const r = await exec('merge', a[0], other[1]);
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('are parts of different runs');
    expect(r.err).toContain('seed 12');
    const bots = await shards(2, sim.map((x) => (x === 'greedy,random' ? 'random,random' : x)));
    expect((await exec('merge', a[0], bots[1])).err).toContain('bots random,random');
    const split = await shards(3);
    expect((await exec('merge', a[0], split[1], split[2])).err).toMatch(/different runs|shard 2\/3/);
  });

  it('refuses parts computed from different documents with the same ids', async () => {
    const a = await shards(2);
    const p = JSON.parse(readFileSync(a[1], 'utf8'));
    p.run.setupSha256 = 'f'.repeat(64);
    writeFileSync(a[1], JSON.stringify(p));
    const r = await exec('merge', ...a);
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('computed from different documents');
  });

  it('refuses a missing shard, a shard given twice, damaged and unreadable files (exit 2)', async () => {
    const files = await shards(3);
    expect((await exec('merge', files[0], files[2])).err).toContain('shard 2 of 3 is missing');
    expect((await exec('merge', files[0], files[0], files[1], files[2])).err).toContain('are both shard 1/3');
    const damaged = JSON.parse(readFileSync(files[1], 'utf8'));
    damaged.stats.wins = [1e3, -1];
    writeFileSync(files[1], JSON.stringify(damaged));
    const bad = await exec('merge', ...files);
    expect(bad.code).toBe(EXIT_CODES.usage);
    expect(bad.err).toContain('"stats" is damaged');
    const cut = JSON.parse(readFileSync(files[2], 'utf8'));
    cut.stats.runs -= 1;
    writeFileSync(files[2], JSON.stringify(cut));
    expect((await exec('merge', files[0], files[2])).err).toMatch(/holds \d+ runs, but shard 3\/3 has \d+/);
    writeFileSync(files[1], 'not json');
    expect((await exec('merge', files[1])).err).toContain('is not JSON');
    expect((await exec('merge', join(tmpdir(), 'no-such-part.json'))).err).toContain('cannot be read (ENOENT)');
    expect((await exec('merge')).code).toBe(EXIT_CODES.usage);
  });

  it('shard options are checked: I/N form, --out needed, no --until-halfwidth or --assert', async () => {
    for (const extra of [['--shard', '0/3', '--out', 'x.json'], ['--shard', '4/3', '--out', 'x.json'], ['--shard', 'half'], ['--shard', '1/2'], ['--shard', '1/2', '--out', 'x', '--assert', 'draws < 1'], ['--shard', '1/30', '--out', 'x']]) {
      const r = await exec(...sim, ...extra);
      expect(r.code, extra.join(' ')).toBe(EXIT_CODES.usage);
    }
    const hw = await exec('simulate', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--until-halfwidth', '0.1', '--shard', '1/2', '--out', 'x');
    expect(hw.code).toBe(EXIT_CODES.usage);
    expect(hw.err).toContain('--until-halfwidth cannot be split');
  });
});
