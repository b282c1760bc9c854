import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCEPTANCE, FIXTURES, cli, tempCopy, validateJson } from './acceptance-helpers';

const run = promisify(execFile);
const repo = join(__dirname, '..', '..', '..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ms-accept-cli-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('acceptance: the fresh workspaces validate clean', () => {
  it.each(FIXTURES.map((f) => [f]))('%s: exit 0, no errors, no warnings, exact JSON shape', async (fixture) => {
    const { code, report } = await validateJson(join(ACCEPTANCE, fixture));
    expect(code).toBe(0);
    expect(report).toEqual({ files: expect.any(Number), errors: [], warnings: [] });
    expect(Object.keys(report)).toEqual(['files', 'errors', 'warnings']);
    expect(report.files).toBeGreaterThanOrEqual(4);
    const text = await cli(['validate', join(ACCEPTANCE, fixture)]);
    expect(text.code).toBe(0);
    expect(text.out.filter((l) => l !== '')).toEqual([]);
  });
});

describe('acceptance: mortisphere validate and new, as a user types them', () => {
  it('validate with no DIR checks the current folder (child process, npx-style bin)', async () => {
    const ws = await tempCopy('flat-yml');
    cleanups.push(ws.done);
    const ok = await run(process.execPath, [join(repo, 'bin', 'mortisphere.mjs'), 'validate', '--format', 'json'], { cwd: ws.root });
    expect(JSON.parse(ok.stdout)).toEqual({ files: 9, errors: [], warnings: [] });
    await writeFile(join(ws.root, 'wardens.yml'), 'kind: crew\n');
    const bad = await run(process.execPath, [join(repo, 'bin', 'mortisphere.mjs'), 'validate'], { cwd: ws.root }).catch((e: { code: number; stdout: string }) => e);
    expect((bad as { code: number }).code).toBe(1);
    expect((bad as { stdout: string }).stdout).toMatch(/^wardens\.yml:1:1 error schema crew: missing required property 'schemaVersion'/m);
  });

  it('a file path, a missing folder, a bad format, an unknown flag and an unknown command exit 2', async () => {
    expect((await cli(['validate', join(ACCEPTANCE, 'flat-yml', 'wardens.yml')])).code).toBe(2);
    const missing = await cli(['validate', join(ACCEPTANCE, 'nope')]);
    expect(missing.code).toBe(2);
    expect(missing.err.join('\n')).toMatch(/does not exist/);
    expect((await cli(['validate', join(ACCEPTANCE, 'flat-yml'), '--format', 'xml'])).code).toBe(2);
    expect((await cli(['validate', '--strict'])).code).toBe(2);
    expect((await cli(['validate', 'a', 'b'])).code).toBe(2);
    const unknown = await cli(['valdate']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n')).toMatch(/unknown command 'valdate'; commands are: validate, new/);
    expect((await cli([])).code).toBe(2);
  });

  it('--help of the command and of validate exits 0 and names the options', async () => {
    const top = await cli(['--help']);
    expect(top.code).toBe(0);
    expect(top.out.join('\n')).toMatch(/validate/);
    const v = await cli(['validate', '--help']);
    expect(v.code).toBe(0);
    expect(v.out.join('\n')).toMatch(/--format text\|json/);
  });

  it('a folder with no YAML: exit 0 with a warning that it is probably the wrong folder', async () => {
    const dir = await scratch();
    const { code, report } = await validateJson(dir);
    expect(code).toBe(0);
    expect(report.files).toBe(0);
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((w) => w.code)).toEqual(['workspace-missing']);
    expect(report.warnings[0].message).toMatch(/holds no \*\.yaml or \*\.yml file.*mortisphere new/);
  });

  it('an unreadable file (a dangling symlink) is an error at 1:1 and the rest is still checked', async () => {
    const ws = await tempCopy('flat-yml');
    cleanups.push(ws.done);
    await symlink(join(ws.root, 'gone.yaml'), join(ws.root, 'dangling.yml'));
    const { code, report } = await validateJson(ws.root);
    expect(code).toBe(1);
    expect(report.files).toBe(10);
    expect(report.errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['dangling.yml:1:1 file-unreadable']);
  });

  it('new into a nested missing path creates a clean workspace; into a non-empty folder writes nothing', async () => {
    const dir = await scratch();
    const target = join(dir, 'a', 'b', 'c');
    const made = await cli(['new', target]);
    expect(made.code).toBe(0);
    expect((await validateJson(target)).code).toBe(0);
    const full = join(dir, 'full');
    await mkdir(full);
    await writeFile(join(full, 'notes.txt'), 'mine');
    const refused = await cli(['new', full]);
    expect(refused.code).toBe(2);
    expect(refused.err.join('\n')).toMatch(/is not empty/);
    expect(await readdir(full)).toEqual(['notes.txt']);
    expect((await cli(['new'])).code).toBe(2);
    expect((await cli(['new', full, '--force'])).code).toBe(2);
  });
});
