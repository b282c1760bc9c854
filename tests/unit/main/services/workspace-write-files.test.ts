import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { realFs } from '../../../../src/main/services/atomic-write';
import type { AtomicFs } from '../../../../src/main/services/atomic-write';
import { sha256 } from '../../../../src/main/services/hash';
import { WorkspaceService } from '../../../../src/main/services/workspace';
import { FIXTURE_FILES, fakeValidate, makeWorkspace } from '../helpers/workspace-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function open(fs?: AtomicFs) {
  const ws = await makeWorkspace();
  let clock = 1_700_000_000_000;
  const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, watch: false, now: () => (clock += 1000), fs });
  cleanups.push(async () => {
    await service.close();
    await rm(ws.base, { recursive: true, force: true });
  });
  expect((await service.openWorkspace(ws.root)).ok).toBe(true);
  return { service, root: ws.root };
}

const CREW = 'crews/iron-choir.yaml';
const MANIFEST = 'mortisphere.yaml';

describe('WorkspaceService.writeFiles (one change across several files)', () => {
  it('writes every file, keeps each replaced version and each new one in the history', async () => {
    const { service, root } = await open();
    const r = await service.writeFiles([
      { path: CREW, text: 'crew: new\n', expectedHash: sha256(FIXTURE_FILES[CREW]!) },
      { path: MANIFEST, text: 'manifest: new\n', expectedHash: sha256(FIXTURE_FILES[MANIFEST]!) },
      { path: 'campaigns/new.yaml', text: 'campaign: new\n', expectedHash: null },
    ]);
    expect(r.ok).toBe(true);
    expect(await readFile(join(root, CREW), 'utf8')).toBe('crew: new\n');
    expect(await readFile(join(root, 'campaigns/new.yaml'), 'utf8')).toBe('campaign: new\n');
    const history = await service.listHistory(CREW);
    const texts = history.ok ? await Promise.all(history.value.map(async (v) => ((await service.readHistory(CREW, v.id)) as { value: string }).value)) : [];
    expect(texts).toEqual(['crew: new\n', FIXTURE_FILES[CREW]]);
  });

  it('the 2nd of 3 writes fails: no file changes, and the error says which and why', async () => {
    let renames = 0;
    const fs: AtomicFs = { ...realFs, rename: async (a, b) => { if (++renames === 2) throw Object.assign(new Error('full'), { code: 'ENOSPC' }); return realFs.rename(a, b); } };
    const { service, root } = await open(fs);
    const r = await service.writeFiles([
      { path: CREW, text: 'crew: new\n', expectedHash: sha256(FIXTURE_FILES[CREW]!) },
      { path: MANIFEST, text: 'manifest: new\n', expectedHash: sha256(FIXTURE_FILES[MANIFEST]!) },
      { path: 'scenarios/foundry.yaml', text: 'scenario: new\n', expectedHash: sha256(FIXTURE_FILES['scenarios/foundry.yaml']!) },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/disk-full');
      expect(r.error.message).toContain("'mortisphere.yaml'");
    }
    for (const p of [CREW, MANIFEST, 'scenarios/foundry.yaml']) expect(await readFile(join(root, p), 'utf8')).toBe(FIXTURE_FILES[p]);
  });

  it('refuses a path outside the workspace or not YAML before touching anything', async () => {
    const { service, root } = await open();
    const r = await service.writeFiles([
      { path: CREW, text: 'crew: new\n', expectedHash: sha256(FIXTURE_FILES[CREW]!) },
      { path: '../escape.yaml', text: 'x\n', expectedHash: null },
    ]);
    expect(r.ok).toBe(false);
    expect(await readFile(join(root, CREW), 'utf8')).toBe(FIXTURE_FILES[CREW]);
    const txt = await service.writeFiles([{ path: 'notes.txt', text: 'x', expectedHash: sha256('not a document\n') }]);
    expect(!txt.ok && txt.error.code).toBe('path/not-yaml');
    await writeFile(join(root, CREW), 'changed elsewhere\n');
    const conflict = await service.writeFiles([{ path: CREW, text: 'mine\n', expectedHash: sha256(FIXTURE_FILES[CREW]!) }]);
    expect(!conflict.ok && conflict.error.code).toBe('file/conflict');
  });
});
