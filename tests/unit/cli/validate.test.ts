import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';

const repo = join(__dirname, '..', '..', '..');
const broken = join(repo, 'tests', 'fixtures', 'broken');
const run = promisify(execFile);

async function capture(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('mortisphere validate', () => {
  it('exits 0 and prints nothing on stdout for a clean workspace', async () => {
    const r = await capture(['validate', join(broken, 'valid-workspace')]);
    expect(r.code).toBe(EXIT_CODES.ok);
    expect(r.out).toBe('');
    expect(r.err).toContain('6 files checked: 0 errors, 0 warnings');
  });

  it('prints file:line:column severity code message and exits 1 on errors', async () => {
    const r = await capture(['validate', join(broken, 'schema-die-not-existence-die')]);
    expect(r.code).toBe(EXIT_CODES.failure);
    expect(r.out).toBe("crews/iron-choir.yaml:9:10 error schema member 'warden-7': die d7 is not an Existence Die (d4, d6, d8, d10, d12, d20)");
  });

  it('exits 0 when there are only warnings', async () => {
    const r = await capture(['validate', join(broken, 'crew-value-over-limit')]);
    expect(r.code).toBe(EXIT_CODES.ok);
    expect(r.out).toMatch(/^scenarios\/foundry\.yaml:9:48 warning crew-value /);
  });

  it('--format json gives {files, errors, warnings}', async () => {
    const r = await capture(['validate', join(broken, 'captain-count-two'), '--format', 'json']);
    expect(r.code).toBe(EXIT_CODES.failure);
    const json = JSON.parse(r.out);
    expect(Object.keys(json)).toEqual(['files', 'errors', 'warnings']);
    expect(json.files).toBe(6);
    expect(json.errors).toEqual([
      {
        file: 'crews/iron-choir.yaml', line: 19, column: 14, endLine: 19, endColumn: 18, severity: 'error', code: 'captain-count',
        message: "crew 'iron-choir' has 2 Captains ('warden-7', 'bell-9'); keep 'captain: true' on exactly one",
      },
    ]);
    expect(json.warnings).toEqual([]);
  });

  it('usage errors and unreadable paths exit 2', async () => {
    expect((await capture(['validate', '--format', 'xml'])).code).toBe(EXIT_CODES.usage);
    expect((await capture(['validate', '--bogus'])).code).toBe(EXIT_CODES.usage);
    expect((await capture(['validate', 'a', 'b'])).code).toBe(EXIT_CODES.usage);
    const missing = await capture(['validate', join(broken, 'no-such-folder')]);
    expect(missing.code).toBe(EXIT_CODES.usage);
    expect(missing.err).toContain('does not exist');
    expect((await capture(['frobnicate'])).code).toBe(EXIT_CODES.usage);
    expect((await capture([])).code).toBe(EXIT_CODES.usage);
  });

  it('--help works for the CLI and each of its commands', async () => {
    const top = await capture(['--help']);
    expect(top.code).toBe(0);
    expect(top.out).toContain('validate');
    expect(top.out).toContain('new');
    for (const c of ['validate', 'new']) {
      const r = await capture([c, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain(`usage: mortisphere ${c}`);
    }
  });

  it('runs as a child process through bin/mortisphere.mjs', async () => {
    const ok = await run(process.execPath, [join(repo, 'bin', 'mortisphere.mjs'), 'validate', join(broken, 'valid-workspace'), '--format', 'json']);
    expect(JSON.parse(ok.stdout)).toEqual({ files: 6, errors: [], warnings: [] });
    const bad = await run(process.execPath, [join(repo, 'bin', 'mortisphere.mjs'), 'validate', join(broken, 'unknown-ref-ability')]).catch((e: { code: number; stdout: string }) => e);
    expect((bad as { code: number }).code).toBe(1);
    expect((bad as { stdout: string }).stdout).toContain("crews/iron-choir.yaml:12:17 error unknown-ref member 'warden-7': unknown ability 'steady-aims' — did you mean 'steady-aim'?");
  });
});

describe('mortisphere new', () => {
  it('creates a workspace that validates cleanly', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ms-new-')), 'ws');
    const r = await capture(['new', dir]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir)).toContain('mortisphere.yaml');
    const v = await capture(['validate', dir, '--format', 'json']);
    expect(v.code).toBe(0);
    expect(JSON.parse(v.out).errors).toEqual([]);
  });

  it('accepts an existing empty folder and refuses a non-empty one without writing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ms-new-'));
    expect((await capture(['new', empty])).code).toBe(0);
    const full = mkdtempSync(join(tmpdir(), 'ms-new-'));
    mkdirSync(join(full, 'keep'));
    writeFileSync(join(full, 'keep', 'note.txt'), 'mine');
    const r = await capture(['new', full]);
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('is not empty');
    expect(readdirSync(full)).toEqual(['keep']);
  });

  it('needs exactly one folder', async () => {
    expect((await capture(['new'])).code).toBe(EXIT_CODES.usage);
    expect((await capture(['new', 'a', 'b'])).code).toBe(EXIT_CODES.usage);
  });

  it('runs as a child process', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ms-new-')), 'child');
    const r = await run(process.execPath, [join(repo, 'bin', 'mortisphere.mjs'), 'new', dir]);
    expect(r.stdout).toContain('Created a Mortisphere workspace');
    expect(readdirSync(dir)).toContain('mortisphere.yaml');
  });
});
