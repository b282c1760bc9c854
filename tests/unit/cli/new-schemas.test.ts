import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/index';
import { EXIT_CODES } from '../../../src/cli/exit-codes';
import { KIND_GLOBS } from '../../../src/shared/model/portable-schemas';
import { validateFiles } from '../../../src/shared/validation';
import { capture } from './cli-capture';

const repo = join(__dirname, '..', '..', '..');
const exec = async (...argv: string[]) => {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
};
const fresh = (name: string) => join(mkdtempSync(join(tmpdir(), `${name}-`)), 'ws');

describe('mortisphere new --ci github', () => {
  it('writes a workflow that validates (annotations + SARIF upload) and runs the declared checks', async () => {
    const dir = fresh('ci');
    const r = await exec('new', dir, '--ci', 'github');
    expect(r.code, r.err).toBe(0);
    const wf = parse(readFileSync(join(dir, '.github', 'workflows', 'mortisphere.yml'), 'utf8'));
    const { version, name } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
    expect(wf.env.MORTISPHERE).toBe(`${name}@${version}`);
    expect(Object.keys(wf.on)).toEqual(['push', 'pull_request']);
    expect(wf.permissions).toEqual({ contents: 'read', 'security-events': 'write' });
    const steps = wf.jobs.mortisphere.steps as { name?: string; run?: string; uses?: string; with?: Record<string, string>; if?: string }[];
    const runs = steps.map((s) => s.run ?? '').join('\n');
    expect(runs).toContain('mortisphere validate . --format github');
    expect(runs).toContain('mortisphere validate . --format sarif > mortisphere.sarif');
    expect(runs).toContain('mortisphere check .');
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload).toMatchObject({ if: 'always()', with: { sarif_file: 'mortisphere.sarif' } });
    // The gates it runs are the workspace's declared checks, which validate clean.
    const manifest = parse(readFileSync(join(dir, 'mortisphere.yaml'), 'utf8'));
    expect(manifest.schemaVersion).toBe(2);
    expect(manifest.checks[0]).toMatchObject({ scenario: 'first-scenario', assertions: expect.arrayContaining(['winRate(a) in [0.3, 0.7]']) });
    expect((await exec('validate', dir)).code).toBe(0);
  });

  it('without --ci there is no workflow, but the VS Code settings and schemas are there', async () => {
    const dir = fresh('plain');
    expect((await exec('new', dir)).code).toBe(0);
    expect(existsSync(join(dir, '.github'))).toBe(false);
    const settings = JSON.parse(readFileSync(join(dir, '.vscode', 'settings.json'), 'utf8'));
    expect(Object.keys(settings['yaml.schemas'])).toHaveLength(8);
    expect(settings['yaml.schemas']['./.vscode/schemas/crew.schema.json']).toEqual(KIND_GLOBS.crew);
    for (const path of Object.keys(settings['yaml.schemas'])) expect(existsSync(join(dir, path)), path).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, '.vscode', 'extensions.json'), 'utf8')).recommendations).toEqual(['redhat.vscode-yaml']);
  });

  it('refuses an unknown CI and a non-empty folder (exit 2), writing nothing', async () => {
    const dir = fresh('bad');
    const r = await exec('new', dir, '--ci', 'gitlab');
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('the only CI template is --ci github');
    expect(existsSync(dir)).toBe(false);
  });
});

describe('mortisphere schemas --out DIR', () => {
  it('writes every schema with relative $refs and no $id', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'schemas-')), 'out');
    const r = await exec('schemas', '--out', out);
    expect(r.code, r.err).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(readdirSync(join(repo, 'schemas')).sort());
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          expect(k).not.toBe('$id');
          if (k === '$ref') refs.push(v as string);
          else walk(v);
        }
      }
    };
    for (const f of files) walk(JSON.parse(readFileSync(join(out, f), 'utf8')));
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect(ref).toMatch(/^(\.\/[a-zA-Z]+\.schema\.json)?#\//);
    for (const ref of refs.filter((x) => x.startsWith('./'))) expect(files).toContain(ref.slice(2, ref.indexOf('#')));
  });

  it('the written schemas judge documents as ours do (ajv resolving the relative $refs by file name)', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'schemas-')), 'out');
    await exec('schemas', '--out', out);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    for (const f of readdirSync(out)) ajv.addSchema(JSON.parse(readFileSync(join(out, f), 'utf8')), f);
    const good = readFileSync(join(repo, 'resources/examples/ashen-reach/crews/iron-choir.yaml'), 'utf8');
    const bad = good.replace(/die: d10/, 'die: d7');
    expect(ajv.validate('crew.schema.json', parse(good)), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validate('crew.schema.json', parse(bad))).toBe(false);
    expect(validateFiles([{ path: 'c.yaml', text: bad }]).diagnostics.some((d) => d.code === 'schema')).toBe(true);
  });

  it('usage errors exit 2: no --out, a file in the way', async () => {
    expect((await exec('schemas')).code).toBe(EXIT_CODES.usage);
    const file = join(mkdtempSync(join(tmpdir(), 'schemas-')), 'file');
    writeFileSync(file, 'x');
    const r = await exec('schemas', '--out', file);
    expect(r.code).toBe(EXIT_CODES.usage);
    expect(r.err).toContain('is not a folder');
  });
});
