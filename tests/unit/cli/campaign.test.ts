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
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

/** A fresh copy of the example workspace. */
const copy = (): string => {
  const dir = join(mkdtempSync(join(tmpdir(), 'campaign-cli-')), 'ws');
  cpSync(EXAMPLE_ROOT, dir, { recursive: true });
  return dir;
};
const read = (dir: string, p: string): string => readFileSync(join(dir, p), 'utf8');
const FILES = ['campaigns/ashen-reach.yaml', 'crews/lantern-pilgrims.yaml', 'crews/iron-choir.yaml'];

describe('mortisphere campaign status', () => {
  it('prints standings, ledger, rosters and the next battle; --json has the same', async () => {
    const text = await run('campaign', 'status', 'ashen-reach', '--workspace', EXAMPLE_ROOT);
    expect(text.code, text.err).toBe(0);
    expect(text.out).toContain('standings:');
    expect(text.out).toMatch(/1 {2}The Iron Choir +1 +1 +0 +0 +6 +2/);
    expect(text.out).toContain('Weeping Bloom (taken down by Warden-7): aftermath roll 2, injury');
    expect(text.out).toMatch(/Weeping Bloom +d6 +Health 1 \(was 2\) +injured 1×/);
    expect(text.out).toContain('next battle: The Glass Temple — a: The Lantern Pilgrims, b: The Iron Choir');
    const json = await run('campaign', 'status', join(EXAMPLE_ROOT, 'campaigns/ashen-reach.yaml'), '--workspace', EXAMPLE_ROOT, '--json');
    expect(json.code).toBe(0);
    const status = JSON.parse(json.out);
    expect(Object.keys(status)).toEqual(['id', 'name', 'path', 'crews', 'standings', 'ledger', 'rosters', 'next', 'later', 'problems']);
    expect(status.ledger).toHaveLength(2);
    expect(status.next.scenario).toBe('glass-temple');
  });

  it('exit 2 for an unknown campaign or subcommand; exit 1 with diagnostics for a campaign with errors', async () => {
    const unknown = await run('campaign', 'status', 'nope', '--workspace', EXAMPLE_ROOT);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('valid campaigns: ashen-reach');
    expect((await run('campaign', 'frobnicate')).code).toBe(2);
    const dir = copy();
    writeFileSync(join(dir, 'campaigns/ashen-reach.yaml'), read(dir, 'campaigns/ashen-reach.yaml').replace('roll: 2,', 'roll: 8,'));
    const bad = await run('campaign', 'status', 'ashen-reach', '--workspace', dir);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/campaigns\/ashen-reach.yaml:\d+:\d+ error campaign-aftermath-roll /);
  });
});

describe('mortisphere campaign record', () => {
  it('--log: --dry-run prints the diff and writes nothing; then records the battle into every file, which stays valid', async () => {
    const dir = copy();
    const log = join(dir, '..', 'battle.json');
    const played = await run('play', 'glass-temple', '--workspace', dir, '--crews', 'lantern-pilgrims,iron-choir', '--seed', '77', '--log', log);
    expect(played.code, played.err).toBe(0);
    const before = FILES.map((p) => read(dir, p));
    const dry = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--log', log, '--date', '2026-11-28', '--dry-run');
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain('--- a/campaigns/ashen-reach.yaml');
    expect(dry.out).toContain('+  - scenario: glass-temple');
    expect(dry.out).toContain('+++ b/crews/lantern-pilgrims.yaml');
    expect(FILES.map((p) => read(dir, p))).toEqual(before);
    const rec = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--log', log, '--date', '2026-11-28', '--text', 'The lantern went out.');
    expect(rec.code, rec.err).toBe(0);
    expect(rec.out).toContain("recorded battle #3 of 'ashen-reach': glass-temple, 2026-11-28");
    expect(read(dir, 'campaigns/ashen-reach.yaml')).toContain('    seed: 77\n');
    expect(read(dir, 'campaigns/ashen-reach.yaml')).toContain('text: The lantern went out.');
    expect(read(dir, 'campaigns/ashen-reach.yaml')).not.toContain('ai:\n      a: greedy'); // the log names no bots
    expect(read(dir, 'crews/iron-choir.yaml')).toContain('{kind: victory, scenario: glass-temple');
    expect(read(dir, 'crews/iron-choir.yaml')).toContain('# the campaign writes here (R10.2)');
    const valid = await run('validate', dir);
    expect(valid.code, valid.out + valid.err).toBe(0);
    // The same battle again is refused, and nothing is written.
    const after = FILES.map((p) => read(dir, p));
    const again = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--log', log, '--date', '2026-11-28');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/already in the ledger as battle #3|does not fit|illegal/);
    expect(FILES.map((p) => read(dir, p))).toEqual(after);
  });

  it('a tabletop game: the typed rolls are read on the aftermath table', async () => {
    const dir = copy();
    const rec = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'glass-temple', '--winner', 'b', '--points', '1,5', '--aftermath', 'lantern-pilgrims/wick=1,lantern-pilgrims/hollis=2', '--date', '2026-11-28');
    expect(rec.code, rec.err).toBe(0);
    expect(rec.out).toContain('lantern-pilgrims/wick: aftermath roll 1, dead');
    const pilgrims = read(dir, 'crews/lantern-pilgrims.yaml');
    expect(pilgrims).toMatch(/id: wick[\s\S]*status: dead/);
    expect(pilgrims).toContain('health: {from: 3, to: 2}');
    expect(read(dir, 'campaigns/ashen-reach.yaml')).not.toMatch(/glass-temple\n {4}date: 2026-11-28\n {4}seed/);
    expect((await run('validate', dir)).code).toBe(0);
    // Wick is dead: a later battle naming it is refused with a clear message.
    const dead = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'marrow-market', '--winner', 'a', '--points', '2,0', '--aftermath', 'lantern-pilgrims/wick=4');
    expect(dead.code).toBe(1);
    expect(dead.err).toContain('Wick');
    expect(dead.err).toContain('is dead since battle #3');
  });

  it('bad arguments are usage errors (exit 2), a refused record writes nothing (exit 1)', async () => {
    const dir = copy();
    const before = FILES.map((p) => read(dir, p));
    expect((await run('campaign', 'record', 'ashen-reach', '--workspace', dir)).code).toBe(2);
    expect((await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'glass-temple', '--winner', 'a', '--points', 'x,1')).code).toBe(2);
    expect((await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'glass-temple', '--winner', 'c', '--points', '1,1')).code).toBe(2);
    expect((await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--log', 'x.json', '--scenario', 'glass-temple')).code).toBe(2);
    const roll = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'glass-temple', '--winner', 'a', '--points', '1,1', '--aftermath', 'iron-choir/bellows=9');
    expect(roll.code).toBe(1);
    expect(roll.err).toContain('aftermath die is a d6 (1..6)');
    const stranger = await run('campaign', 'record', 'ashen-reach', '--workspace', dir, '--scenario', 'glass-temple', '--crews', 'glasswing-brood,iron-choir', '--winner', 'a', '--points', '1,1');
    expect(stranger.code).toBe(1);
    expect(stranger.err).toContain("crew 'glasswing-brood' (side 'a') is not in this campaign");
    expect(FILES.map((p) => read(dir, p))).toEqual(before);
  });
});

describe('mortisphere campaign forecast', () => {
  it('--json: same seed ⇒ same report whatever --workers is', async () => {
    const one = await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--runs', '30', '--ai', 'random,random', '--seed', '4', '--workers', '1', '--json');
    const two = await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--runs', '30', '--ai', 'random,random', '--seed', '4', '--workers', '2', '--json');
    expect(one.code, one.err).toBe(0);
    expect(two.code, two.err).toBe(0);
    const strip = (t: string) => {
      const { elapsedMs: _e, ...r } = JSON.parse(t);
      return r;
    };
    expect(strip(two.out)).toEqual(strip(one.out));
    const report = strip(one.out);
    expect(Object.keys(report)).toEqual(['campaign', 'runs', 'seed', 'ai', 'battles', 'crews']);
    expect(report.battles).toHaveLength(4);
    expect(report.crews[0].places).toHaveLength(4);
    const text = await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--runs', '10', '--workers', '1');
    expect(text.out).toMatch(/^10 seasons, seed 1, bots greedy vs greedy/);
    expect(text.out).toContain('survival:');
  }, 120_000);

  it('needs --runs; bad numbers and bots are usage errors', async () => {
    expect((await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT)).code).toBe(2);
    expect((await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--runs', '0')).code).toBe(2);
    const bot = await run('campaign', 'forecast', 'ashen-reach', '--workspace', EXAMPLE_ROOT, '--runs', '5', '--ai', 'greedy,clever');
    expect(bot.code).toBe(2);
    expect(bot.err).toContain("unknown bot 'clever'");
  });
});
