import { readFile, rm, writeFile, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '../../../../src/main/services/hash';
import { WorkspaceService } from '../../../../src/main/services/workspace';
import { fakeValidate, makeWorkspace } from '../helpers/workspace-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function openService(extra: Partial<ConstructorParameters<typeof WorkspaceService>[0]> = {}) {
  const ws = await makeWorkspace();
  const templatesDir = join(ws.base, 'templates');
  await mkdir(templatesDir);
  await writeFile(join(templatesDir, 'crew.yaml'), 'kind: crew\nschemaVersion: 1\nid: new-crew\nname: New Crew\nmembers: []\n');
  await writeFile(join(templatesDir, 'junk.yaml'), 'just: text\n');
  let clock = 1_700_000_000_000;
  const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir, validate: fakeValidate, watch: false, now: () => (clock += 1000), ...extra });
  cleanups.push(async () => {
    await service.close();
    await rm(ws.base, { recursive: true, force: true });
  });
  const opened = await service.openWorkspace(ws.root);
  expect(opened.ok).toBe(true);
  return { service, ...ws };
}

describe('WorkspaceService', () => {
  it('opens a workspace, names it from mortisphere.yaml and remembers it', async () => {
    const { service, root } = await openService();
    expect(service.currentWorkspace()).toEqual({ root, name: 'Test Reach' });
    expect(await service.recentWorkspaces()).toEqual([root]);
  });

  it('refuses a folder without mortisphere.yaml and a missing folder', async () => {
    const { service, base } = await openService();
    await mkdir(join(base, 'empty'));
    const r = await service.openWorkspace(join(base, 'empty'));
    expect(!r.ok && r.error.code).toBe('workspace/not-a-workspace');
    expect(!r.ok && r.error.message).toMatch(/mortisphere\.yaml/);
    const missing = await service.openWorkspace(join(base, 'nope'));
    expect(!missing.ok && missing.error.code).toBe('workspace/not-found');
  });

  it('lists documents by kind, id and name, skipping dot folders, node_modules and non-YAML', async () => {
    const { service } = await openService();
    const r = await service.listDocuments();
    expect(r.ok && r.value).toEqual([
      { path: 'crews/iron-choir.yaml', kind: 'crew', id: 'iron-choir', name: 'The Iron Choir' },
      { path: 'mortisphere.yaml', kind: 'workspace', id: null, name: 'Test Reach' },
      { path: 'scenarios/foundry.yaml', kind: 'scenario', id: 'foundry', name: 'Drowned Foundry' },
    ]);
  });

  it('reads with the sha256 of the bytes and writes atomically', async () => {
    const { service, root } = await openService();
    const read = await service.readFile('crews/iron-choir.yaml');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.hash).toBe(sha256(await readFile(join(root, 'crews/iron-choir.yaml'))));
    const w = await service.writeFile('crews/iron-choir.yaml', read.value.text + '# edited\n', { expectedHash: read.value.hash });
    expect(w.ok && w.value.hash).toBe(sha256(read.value.text + '# edited\n'));
    expect(await readFile(join(root, 'crews/iron-choir.yaml'), 'utf8')).toMatch(/# edited/);
  });

  it('detects a conflicting external edit of the same size and keeps the disk version', async () => {
    const { service, root } = await openService();
    const file = join(root, 'crews/iron-choir.yaml');
    const read = await service.readFile('crews/iron-choir.yaml');
    if (!read.ok) throw new Error('read failed');
    const external = read.value.text.replace('Iron', 'Rust');
    expect(external.length).toBe(read.value.text.length);
    await writeFile(file, external);
    const w = await service.writeFile('crews/iron-choir.yaml', 'mine', { expectedHash: read.value.hash });
    expect(w.ok).toBe(false);
    if (!w.ok) {
      expect(w.error.code).toBe('file/conflict');
      expect(w.error.message).toMatch(/crews\/iron-choir\.yaml.*changed on disk.*Reload.*Keep mine/);
    }
    expect(await readFile(file, 'utf8')).toBe(external);
    const forced = await service.writeFile('crews/iron-choir.yaml', 'mine', { expectedHash: read.value.hash, force: true });
    expect(forced.ok).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('mine');
  });

  it('expectedHash null refuses to overwrite an existing file; creates folders for a new one', async () => {
    const { service, root } = await openService();
    const clash = await service.writeFile('crews/iron-choir.yaml', 'x', { expectedHash: null });
    expect(!clash.ok && clash.error.code).toBe('file/conflict');
    const created = await service.writeFile('new/deep/crew.yaml', 'kind: crew\n', { expectedHash: null });
    expect(created.ok).toBe(true);
    expect(await readFile(join(root, 'new/deep/crew.yaml'), 'utf8')).toBe('kind: crew\n');
  });

  it('refuses paths outside the root and non-YAML files', async () => {
    const { service } = await openService();
    expect(await service.readFile('../data/recent.json')).toMatchObject({ ok: false, error: { code: 'path/outside-workspace' } });
    expect(await service.writeFile('notes.txt', 'x')).toMatchObject({ ok: false, error: { code: 'path/not-yaml' } });
    expect(await service.readFile('missing.yaml')).toMatchObject({ ok: false, error: { code: 'file/not-found' } });
  });

  it('keeps the last 10 saved versions outside the workspace and can read one back', async () => {
    const { service, root, dataDir } = await openService();
    const original = await readFile(join(root, 'crews/iron-choir.yaml'), 'utf8');
    for (let i = 0; i < 12; i++) expect((await service.writeFile('crews/iron-choir.yaml', `version ${i}\n`)).ok).toBe(true);
    const list = await service.listHistory('crews/iron-choir.yaml');
    if (!list.ok) throw new Error('history failed');
    expect(list.value).toHaveLength(10);
    expect(list.value[0].hash).toBe(sha256('version 11\n'));
    expect(list.value[9].hash).toBe(sha256('version 2\n'));
    expect(Date.parse(list.value[0].savedAt)).toBeGreaterThan(Date.parse(list.value[9].savedAt));
    const text = await service.readHistory('crews/iron-choir.yaml', list.value[5].id);
    expect(text).toEqual({ ok: true, value: 'version 6\n' });
    expect(original).not.toBe('version 6\n');
    expect((await service.readHistory('crews/iron-choir.yaml', '../../recent')).ok).toBe(false);
    expect(dataDir.startsWith(root)).toBe(false);
  });

  it('keeps the pre-save disk version (an external edit) in the history too', async () => {
    const { service } = await openService();
    await service.writeFile('crews/iron-choir.yaml', 'mine 1\n');
    const list = await service.listHistory('crews/iron-choir.yaml');
    expect(list.ok && list.value.length).toBe(2);
  });

  it('keeps drafts across service instances (a window reload or crash) and clears them', async () => {
    const { service, dataDir, root, base } = await openService();
    expect((await service.saveDraft('crews/iron-choir.yaml', 'unsaved text', null)).ok).toBe(true);
    expect((await service.saveDraft('crews/iron-choir.yaml', 'unsaved text 2', 'a'.repeat(64))).ok).toBe(true);
    const again = new WorkspaceService({ dataDir, templatesDir: join(base, 'templates'), validate: fakeValidate, watch: false });
    await again.openWorkspace(root);
    const drafts = await again.listDrafts();
    expect(drafts.ok && drafts.value).toEqual([{ path: 'crews/iron-choir.yaml', text: 'unsaved text 2', baseHash: 'a'.repeat(64), savedAt: expect.any(String) }]);
    await again.clearDraft('crews/iron-choir.yaml');
    expect(await again.listDrafts()).toEqual({ ok: true, value: [] });
    await again.close();
  });

  it('validates the disk with unsaved overlays', async () => {
    const { service } = await openService();
    expect(await service.validate()).toEqual({ ok: true, value: [] });
    const r = await service.validate({ 'crews/iron-choir.yaml': 'BROKEN', 'crews/new.yaml': 'BROKEN too' });
    expect(r.ok && r.value.map((d) => d.file)).toEqual(['crews/iron-choir.yaml', 'crews/new.yaml']);
    expect((await service.validate({ '../x.yaml': 'BROKEN' })).ok).toBe(false);
  });

  it('lists templates with a document kind', async () => {
    const { service } = await openService();
    const r = await service.listTemplates();
    expect(r.ok && r.value.map((t) => [t.kind, t.name])).toEqual([['crew', 'New Crew']]);
  });

  it('deletes a file and keeps its last version in the history', async () => {
    const { service, root } = await openService();
    expect(await service.deleteFile('scenarios/foundry.yaml')).toEqual({ ok: true, value: null });
    await expect(readFile(join(root, 'scenarios/foundry.yaml'))).rejects.toThrow();
    const list = await service.listHistory('scenarios/foundry.yaml');
    expect(list.ok && list.value.length).toBe(1);
    expect((await service.deleteFile('scenarios/foundry.yaml')).ok).toBe(false);
  });

  it('answers workspace/none-open before a workspace is open', async () => {
    const service = new WorkspaceService({ dataDir: '/nonexistent', templatesDir: '/nonexistent', validate: fakeValidate, watch: false });
    expect(await service.readFile('a.yaml')).toMatchObject({ ok: false, error: { code: 'workspace/none-open' } });
    expect(service.currentWorkspace()).toBeNull();
  });

  it('never reads or lists a symlink that leads out of the workspace', async () => {
    const { service, root, base } = await openService();
    await writeFile(join(base, 'outside.yaml'), 'kind: crew\nid: stolen\nBROKEN\n');
    await symlink(join(base, 'outside.yaml'), join(root, 'crews', 'leak.yaml'));
    const all = await service.readAllFiles();
    expect(all.ok && all.value.map((f) => f.path)).not.toContain('crews/leak.yaml');
    expect(await service.readFile('crews/leak.yaml')).toMatchObject({ ok: false, error: { code: 'path/outside-workspace' } });
    expect(await service.validate()).toEqual({ ok: true, value: [] });
  });
});
