import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_METHODS } from '../../../src/shared/api';
import { ok } from '../../../src/shared/result';
import { ARG_SPECS, BAD_ARGUMENTS, checkExternalUrl, createApiHandlers } from '../../../src/main/api-handlers';
import { SimulationJobs } from '../../../src/main/services/sim-jobs';
import { WorkspaceService } from '../../../src/main/services/workspace';
import { fakeValidate, makeWorkspace } from './helpers/workspace-fixture';

let base: string;
let root: string;
let workspace: WorkspaceService;
const openExternal = vi.fn(async () => ok(null));
let handlers: ReturnType<typeof createApiHandlers>;

beforeAll(async () => {
  const ws = await makeWorkspace();
  base = ws.base;
  root = ws.root;
  workspace = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: base, validate: fakeValidate, watch: false });
  const sims = new SimulationJobs(async () => ok({ report: {}, cancelled: false }), () => undefined, () => undefined);
  handlers = createApiHandlers({ workspace, simulations: sims, openExternal });
  await handlers.openWorkspace(root);
});
afterAll(async () => {
  await workspace.close();
  await rm(base, { recursive: true, force: true });
});

const bad = { ok: false, error: { code: BAD_ARGUMENTS } };

describe('createApiHandlers', () => {
  it('has exactly the API_METHODS keys, each with an argument spec', () => {
    expect(Object.keys(handlers).sort()).toEqual([...API_METHODS].sort());
    expect(Object.keys(ARG_SPECS).sort()).toEqual([...API_METHODS].sort());
  });

  it('refuses extra arguments on every method', async () => {
    for (const method of API_METHODS) {
      const spec = ARG_SPECS[method];
      const args = new Array(spec.required.length + (spec.optional?.length ?? 0) + 1).fill('x');
      expect(await handlers[method](...args), method).toMatchObject(bad);
    }
  });

  it('refuses missing and mistyped arguments', async () => {
    expect(await handlers.readFile()).toMatchObject(bad);
    expect(await handlers.readFile({ path: 'a' })).toMatchObject(bad);
    expect(await handlers.writeFile('a.yaml', 42)).toMatchObject(bad);
    expect(await handlers.writeFile('a.yaml', 'x', { expectedHash: 'nothex' })).toMatchObject(bad);
    expect(await handlers.writeFile('a.yaml', 'x', { force: true, sneaky: 1 })).toMatchObject(bad);
    expect(await handlers.saveDraft('a.yaml', 'x')).toMatchObject(bad);
    expect(await handlers.validate({ 'a.yaml': 5 })).toMatchObject(bad);
    expect(await handlers.validate([])).toMatchObject(bad);
    expect(await handlers.readFile('x'.repeat(5000))).toMatchObject(bad);
    expect(await handlers.openWorkspace('a\0b')).toMatchObject(bad);
    expect(await handlers.startSimulation({ documents: {}, scenario: 's', policies: ['random'], seed: 1 })).toMatchObject(bad);
    expect(await handlers.startSimulation({ documents: {}, scenario: 's', policies: ['a', 'b'], seed: 1.5 })).toMatchObject(bad);
    expect(await handlers.startSimulation({ documents: {}, scenario: 's', policies: ['a', 'b'], seed: 1, evil: true })).toMatchObject(bad);
  });

  it('passes good arguments to the services', async () => {
    const read = await handlers.readFile('crews/iron-choir.yaml');
    expect(read).toMatchObject({ ok: true, value: { path: 'crews/iron-choir.yaml' } });
    const hash = (read as { value: { hash: string } }).value.hash;
    expect(await handlers.writeFile('crews/iron-choir.yaml', 'kind: crew\n', { expectedHash: hash })).toMatchObject({ ok: true });
    expect(await handlers.writeFile('crews/iron-choir.yaml', 'again', undefined)).toMatchObject({ ok: true });
    expect(await handlers.startSimulation({ documents: { 'a.yaml': 'x' }, scenario: 's', policies: ['random', 'greedy'], seed: 7, runs: 10, workers: 2 })).toMatchObject({ ok: true, value: { jobId: expect.stringMatching(/^sim-/) } });
  });

  it('treats null like an absent optional argument (JSON has no undefined)', async () => {
    expect(await handlers.validate(null)).toMatchObject({ ok: true });
    expect(await handlers.writeFile('crews/iron-choir.yaml', 'x', null)).toMatchObject({ ok: true });
    expect(await handlers.openWorkspace(null)).toMatchObject({ ok: false, error: { code: 'workspace/path-required' } });
    expect(await handlers.readFile(null)).toMatchObject(bad);
  });

  it('openWorkspace() without a path needs a folder picker', async () => {
    expect(await handlers.openWorkspace()).toMatchObject({ ok: false, error: { code: 'workspace/path-required' } });
  });

  it('opens only https links', async () => {
    expect(await handlers.openExternal('https://example.org/x')).toEqual({ ok: true, value: null });
    expect(openExternal).toHaveBeenCalledWith('https://example.org/x');
    for (const url of ['http://example.org', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'https://user:pw@example.org/']) {
      expect((await handlers.openExternal(url)) as { ok: boolean }).toMatchObject({ ok: false });
    }
    expect(openExternal).toHaveBeenCalledTimes(1);
    expect(checkExternalUrl('HTTPS://Example.org').ok).toBe(true);
  });
});

describe('exportPdf', () => {
  it('uses the host PDF printer when there is one, checking its arguments first', async () => {
    const exportPdf = vi.fn(async (_html: string, _name: string) => ok({ path: '/tmp/x.pdf' }));
    const sims = new SimulationJobs(async () => ok({ report: {}, cancelled: false }), () => undefined, () => undefined);
    const withPdf = createApiHandlers({ workspace, simulations: sims, openExternal, exportPdf });
    expect(await withPdf.exportPdf('<p>x</p>', 'Sheet')).toEqual({ ok: true, value: { path: '/tmp/x.pdf' } });
    expect(exportPdf).toHaveBeenCalledWith('<p>x</p>', 'Sheet');
    expect(await withPdf.exportPdf('<p>x</p>', 'x'.repeat(201))).toMatchObject(bad);
    expect(await withPdf.exportPdf(null, 'x')).toMatchObject(bad);
    expect(exportPdf).toHaveBeenCalledTimes(1);
  });

  it('answers print/use-window-print without one', async () => {
    expect(await handlers.exportPdf('<p>x</p>', 'Sheet')).toMatchObject({ ok: false, error: { code: 'print/use-window-print' } });
  });
});

describe('revealFile (issue 14)', () => {
  it('shows a document in the file manager when the host has one, inside the workspace only', async () => {
    const revealPath = vi.fn(async (_abs: string) => undefined);
    const sims = new SimulationJobs(async () => ok({ report: {}, cancelled: false }), () => undefined, () => undefined);
    const withShell = createApiHandlers({ workspace, simulations: sims, openExternal, revealPath });
    await withShell.openWorkspace(root);
    const docs = (await workspace.listDocuments()) as { ok: true; value: { path: string }[] };
    const first = docs.value[0]!.path;
    expect(await withShell.revealFile(first)).toEqual({ ok: true, value: null });
    expect(revealPath).toHaveBeenCalledTimes(1);
    expect(revealPath.mock.calls[0]![0]).toMatch(new RegExp(`${first.replace(/[.]/g, '\\.')}$`));
    expect(await withShell.revealFile('../outside.yaml')).toMatchObject({ ok: false });
    expect(await withShell.revealFile(7)).toMatchObject(bad);
    expect(revealPath).toHaveBeenCalledTimes(1);
  });

  it('answers reveal/use-path with the absolute path without one (browser mode)', async () => {
    const docs = (await workspace.listDocuments()) as { ok: true; value: { path: string }[] };
    const r = (await handlers.revealFile(docs.value[0]!.path)) as { ok: false; error: { code: string; path: string } };
    expect(r.error.code).toBe('reveal/use-path');
    expect(r.error.path.startsWith('/')).toBe(true);
  });
});
