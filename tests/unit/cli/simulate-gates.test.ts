import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { EXAMPLE_ROOT } from '../shared/engine/bots/example-setups';
import { capture, terminalCapture } from './cli-capture';

const BIN = join(__dirname, '..', '..', '..', 'bin', 'mortisphere.mjs');
const base = ['simulate', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--seed', '5', '--ai', 'greedy,random', '--workers', '1'];
const run = async (...argv: string[]) => {
  const io = capture();
  const code = await main([...base, ...argv], io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};

describe('simulate --until-halfwidth', () => {
  it('stops at the first batch of 1000 whose intervals are narrow enough, deterministically', async () => {
    const a = await run('--until-halfwidth', '0.2', '--json');
    expect(a.code, a.err).toBe(0);
    const report = JSON.parse(a.out);
    expect(report.runs).toBe(1000);
    for (const s of report.sides) expect((s.ci95[1] - s.ci95[0]) / 2).toBeLessThan(0.2);
  });

  it('--max-runs caps it', async () => {
    const r = await run('--until-halfwidth', '0.001', '--max-runs', '120', '--json');
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out).runs).toBe(120);
  });

  it('refuses conflicting or out-of-range options with exit 2', async () => {
    expect((await run('--until-halfwidth', '0.6')).code).toBe(EXIT_CODES.usage);
    expect((await run('--until-halfwidth', 'narrow')).code).toBe(EXIT_CODES.usage);
    const both = await run('--runs', '10', '--until-halfwidth', '0.1');
    expect(both.code).toBe(EXIT_CODES.usage);
    expect(both.err).toContain('either --runs N or --until-halfwidth X');
    expect((await run('--max-runs', '10')).code).toBe(EXIT_CODES.usage);
  });
});

describe('simulate --assert (balance gates)', () => {
  it('exit 0 when every gate passes; the verdicts follow the text report', async () => {
    const r = await run('--runs', '200', '--assert', 'draws < 0.5', '--assert', 'winRate(a) in [0, 1]');
    expect(r.code, r.err).toBe(EXIT_CODES.ok);
    expect(r.out).toMatch(/PASS draws < 0\.5: measured [\d.]+, 95% interval \[[\d.]+, [\d.]+\] over 200 runs/);
    expect(r.out).toContain('PASS winRate(a) in [0, 1]');
  });

  it('exit 1 naming the failing assertion, its measured value and interval', async () => {
    const r = await run('--runs', '200', '--assert', 'draws > 0.9');
    expect(r.code).toBe(EXIT_CODES.failure);
    expect(r.out).toMatch(/FAIL draws > 0\.9: measured [\d.]+, 95% interval \[[\d.]+, [\d.]+\] over 200 runs; draws is not > 0\.9/);
  });

  it('exit 1 with a hint to raise the runs when inconclusive', async () => {
    const json = JSON.parse((await run('--runs', '40', '--json')).out);
    const rate: number = json.sides[0].winRate;
    const r = await run('--runs', '40', '--assert', `winRate(a) > ${(rate - 0.05).toFixed(3)}`);
    expect(r.code).toBe(EXIT_CODES.failure);
    expect(r.out).toMatch(/INCONCLUSIVE .*raise the runs \(about \d+ would settle it/);
  });

  it('--json carries the verdicts after the DESIGN keys; failures also go to stderr', async () => {
    const r = await run('--runs', '50', '--json', '--assert', 'draws > 0.9', '--assert', 'draws < 1');
    expect(r.code).toBe(EXIT_CODES.failure);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).toEqual(['runs', 'seed', 'ruleset', 'sides', 'draws', 'rounds', 'members', 'objectives', 'elapsedMs', 'coverage', 'assertions']);
    expect(json.assertions.map((a: { status: string }) => a.status)).toEqual(['fail', 'pass']);
    expect(Object.keys(json.assertions[0])).toEqual(['assertion', 'status', 'metric', 'value', 'ci95', 'runs', 'message']);
    expect(r.err).toContain('FAIL draws > 0.9');
    expect(r.err).not.toContain('PASS');
  });

  it('a malformed or unknown assertion is a usage error (exit 2) before any run', async () => {
    const syntax = await run('--runs', '1000000', '--assert', 'winRate(a) in [0.45 0.55]');
    expect(syntax.code).toBe(EXIT_CODES.usage);
    expect(syntax.err).toContain("simulate: assertion 'winRate(a) in [0.45 0.55]': column 21: expected ','");
    const side = await run('--runs', '1000000', '--assert', 'winRate(c) > 0.5');
    expect(side.code).toBe(EXIT_CODES.usage);
    expect(side.err).toContain('sides: a (marrow-kin), b (rot-saints)');
  });
});

describe('simulate on a terminal', () => {
  it('draws progress on the terminal and erases it; none with --json or --quiet', async () => {
    // A fake clock that moves 100 ms per reading: redraws happen however fast this machine is.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 100));
    const io = terminalCapture();
    try {
      expect(await main([...base, '--runs', '1500', '--ai', 'random,random'], io)).toBe(0);
    } finally {
      clock.mockRestore();
    }
    expect(io.progress.length).toBeGreaterThan(0);
    expect(io.progress.at(-1)).toBe('\r\x1b[K');
    expect(io.progress.some((l) => /simulate {2}[\d,]+\/1,500 runs/.test(l))).toBe(true);
    const json = terminalCapture();
    await main([...base, '--runs', '1500', '--ai', 'random,random', '--json'], json);
    expect(json.progress).toEqual([]);
    const quiet = terminalCapture();
    await main([...base, '--runs', '1500', '--ai', 'random,random', '--quiet'], quiet);
    expect(quiet.progress).toEqual([]);
  });

  it('Ctrl+C stops the run and prints the partial result marked partial, exit 130', async () => {
    const io = terminalCapture();
    const pending = main([...base, '--runs', '1000000', '--json'], io);
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        if (io.listening() > 0) {
          setTimeout(() => {
            io.interrupt();
            resolve();
          }, 500);
          clearInterval(tick);
        }
      }, 20);
    });
    expect(await pending).toBe(EXIT_CODES.interrupted);
    const json = JSON.parse(io.stdout.join('\n'));
    expect(json.partial).toBe(true);
    expect(json.runs).toBeGreaterThan(0);
    expect(json.runs).toBeLessThan(1000000);
    expect(json.sides[0].wins + json.sides[1].wins + json.draws).toBe(json.runs);
    expect(io.listening()).toBe(0);
  });

  it('a real Ctrl+C in a pseudo-terminal stops worker threads too (script(1))', async () => {
    const args = ['simulate', 'marrow-market', '--workspace', EXAMPLE_ROOT, '--runs', '1000000', '--workers', '2', '--ai', 'random,random'];
    const cmd = ['node', BIN, ...args].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qfec', cmd, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    // Wait for the first progress line that counts finished runs, then press Ctrl+C.
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`no progress line: ${out}`)), 50_000);
      const tick = setInterval(() => {
        if (/simulate {2}[1-9][\d,]*\/1,000,000 runs/.test(out)) {
          clearInterval(tick);
          clearTimeout(deadline);
          setTimeout(() => {
            child.stdin.write('\x03');
            resolve();
          }, 2500);
        }
      }, 50);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(EXIT_CODES.interrupted);
    expect(out).toMatch(/PARTIAL RESULT: interrupted by Ctrl\+C after \d+ runs of 1000000/);
    expect(out).toMatch(/\d+ runs, seed 1, ruleset 'core', bots random vs random/);
  }, 90_000);
});
