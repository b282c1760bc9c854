import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { capture, terminalCapture } from './cli-capture';

const exec = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

/** A fresh workspace from `new` whose manifest's checks are replaced by `checks` (YAML text). */
const workspace = async (checks: string | null, version = 2): Promise<string> => {
  const dir = join(mkdtempSync(join(tmpdir(), 'check-')), 'ws');
  expect((await exec('new', dir)).code).toBe(0);
  const manifest = join(dir, 'mortisphere.yaml');
  const base = readFileSync(manifest, 'utf8').replace(/\n# Balance gates[\s\S]*$/, '\n').replace('schemaVersion: 2', `schemaVersion: ${version}`);
  writeFileSync(manifest, checks === null ? base : `${base}checks:\n${checks}`);
  return dir;
};

const one = (assertions: string[], extra = '    runs: 200\n') =>
  `  - scenario: first-scenario\n${extra}    assertions:\n${assertions.map((a) => `      - "${a}"\n`).join('')}`;

describe('mortisphere check', () => {
  it('a fresh workspace from new --ci github passes its declared checks (exit 0)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'check-ci-')), 'ws');
    expect((await exec('new', dir, '--ci', 'github')).code).toBe(0);
    const r = await exec('check', dir, '--workers', '1');
    expect(r.code, r.out + r.err).toBe(EXIT_CODES.ok);
    expect(r.out).toContain("check 1/1 'The first ruin is a fair mirror match': first-scenario, first-crew vs first-crew, bots greedy vs greedy, 400 runs, seed 1");
    expect(r.out).toMatch(/PASS winRate\(a\) in \[0\.3, 0\.7\]: measured/);
    expect(r.out).toContain('1 check: 1 passed, 0 failed or inconclusive');
  });

  it('--json gives every check with its verdicts', async () => {
    const dir = await workspace(one(['draws < 0.5', 'winRate(first-scenario) > 0'].slice(0, 1)));
    const r = await exec('check', dir, '--json', '--workers', '1');
    expect(r.code).toBe(0);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).toEqual(['checks', 'passed', 'failed']);
    expect(json.checks[0]).toMatchObject({ name: 'first-scenario', scenario: 'first-scenario', crews: ['first-crew', 'first-crew'], bots: ['greedy', 'greedy'], ruleset: 'core', runs: 200, seed: 1, status: 'pass' });
    expect(json.checks[0].assertions[0]).toMatchObject({ assertion: 'draws < 0.5', status: 'pass', runs: 200 });
  });

  it('a failing or inconclusive assertion exits 1 naming it with its value and interval', async () => {
    const fail = await exec('check', await workspace(one(['draws > 0.9'])), '--workers', '1');
    expect(fail.code).toBe(EXIT_CODES.failure);
    expect(fail.out).toMatch(/FAIL draws > 0\.9: measured [\d.]+, 95% interval \[[\d.]+, [\d.]+\] over 200 runs/);
    expect(fail.out).toContain('0 passed, 1 failed or inconclusive');
    const unsure = await exec('check', await workspace(one(['winRate(a) > 0.42'])), '--workers', '1');
    expect(unsure.code).toBe(EXIT_CODES.failure);
    expect(unsure.out).toMatch(/INCONCLUSIVE winRate\(a\) > 0\.42: .*raise the runs/);
  });

  it('a malformed assertion or an unknown objective in mortisphere.yaml is a check-assertion error for validate and check', async () => {
    const dir = await workspace(one(['winRate(a) in [0.4 0.6]', 'objective(relik).completed(a) > 0.1']));
    const v = await exec('validate', dir);
    expect(v.code).toBe(EXIT_CODES.failure);
    expect(v.out.split('\n')).toEqual([
      "mortisphere.yaml:17:9 error check-assertion check #1: assertion 'winRate(a) in [0.4 0.6]': column 20: expected ',' between the bounds of 'in [lo, hi]', found number 0.6",
      "mortisphere.yaml:18:9 error check-assertion check #1: assertion 'objective(relik).completed(a) > 0.1': objective 'relik' is not in this scenario; objectives: relic, hold-ruin",
    ]);
    const c = await exec('check', dir);
    expect(c.code).toBe(EXIT_CODES.failure);
    expect(c.err).toContain("mortisphere.yaml:17:9 error check-assertion");
  });

  it('an unknown scenario or crew is an unknown-ref error of the manifest', async () => {
    const dir = await workspace(one(['draws < 1']).replace('first-scenario', 'first-scenery'));
    const v = await exec('validate', dir);
    expect(v.out).toContain("error unknown-ref check #1: unknown scenario 'first-scenery' — did you mean 'first-scenario'?");
  });

  it('no checks declared: exit 0 with a hint', async () => {
    const r = await exec('check', await workspace(null));
    expect(r.code).toBe(EXIT_CODES.ok);
    expect(r.err).toContain("declares no checks; add a 'checks:' list");
  });

  it('a schemaVersion 1 manifest with checks is read as version 2 silently; a newer one is refused', async () => {
    const v1 = await workspace(one(['draws < 0.5']), 1);
    const val = await exec('validate', v1);
    expect(val.code).toBe(0);
    expect(val.out).toBe('');
    expect((await exec('check', v1, '--workers', '1')).code).toBe(0);
    const v3 = await exec('validate', await workspace(one(['draws < 0.5']), 3));
    expect(v3.code).toBe(EXIT_CODES.failure);
    expect(v3.out).toContain('error schema-version schemaVersion 3 is newer than this version of Mortisphere Studio understands (2)');
  });

  it('Ctrl+C stops and prints the checks finished so far, marked partial (exit 130)', async () => {
    const dir = await workspace(one(['draws < 0.5'], '    runs: 100\n') + one(['draws < 0.5'], '    runs: 1000000\n'));
    const io = terminalCapture();
    const pending = main(['check', dir, '--workers', '1', '--json'], io);
    await new Promise((r) => setTimeout(r, 200));
    while (io.listening() === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 1500));
    io.interrupt();
    expect(await pending).toBe(EXIT_CODES.interrupted);
    const json = JSON.parse(io.stdout.join('\n'));
    expect(json.partial).toBe(true);
    expect(json.checks).toHaveLength(1);
  });

  it('usage errors exit 2', async () => {
    expect((await exec('check', 'a', 'b')).code).toBe(EXIT_CODES.usage);
    expect((await exec('check', '--workers', 'lots')).code).toBe(EXIT_CODES.usage);
    expect((await exec('check', join(tmpdir(), 'no-such-workspace-xyz'))).code).toBe(EXIT_CODES.usage);
  });
});
