import { readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/main/compose';
import type { Api } from '../../../src/shared/api';

/** The handlers as the renderer sees them (they validate every argument at run time). */
type Handlers = Omit<Api, 'on'>;
import { tempCopy } from './acceptance-helpers';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function open(fixture: 'flat-yml' | 'deep-nested'): Promise<{ h: Handlers; root: string }> {
  const ws = await tempCopy(fixture);
  const services = await createServices({ dataDir: join(ws.base, 'data'), emit: () => undefined, openExternal: async () => ({ ok: true, value: null }), watch: false });
  cleanups.push(ws.done, () => services.close());
  const h = services.handlers as unknown as Handlers;
  expect((await h.openWorkspace(ws.root)).ok).toBe(true);
  return { h, root: ws.root };
}
const value = <T>(r: { ok: true; value: T } | { ok: false; error: { code: string } }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.code}`);
  return r.value;
};

describe('acceptance: main services through createServices on fresh workspaces', () => {
  it('lists every document by kind, including work-in-progress files with odd content', async () => {
    const { h, root } = await open('deep-nested');
    await writeFile(join(root, 'wip-dup.yaml'), 'kind: crew\nid: x\nid: y\n');
    await writeFile(join(root, 'wip-syntax.yml'), 'kind: scenario\nid: s\nname: [\n');
    await writeFile(join(root, 'wip-two.yaml'), 'kind: crew\nid: m\n---\nkind: scenario\n');
    await writeFile(join(root, 'wip-tabs.yaml'), 'kind: crewType\nid: t\nmembers:\n\t- x\n');
    await writeFile(join(root, 'wip-list.yaml'), '- a\n');
    await writeFile(join(root, 'wip-empty.yaml'), '');
    const list = value(await h.listDocuments());
    const kinds = Object.fromEntries(list.map((d) => [d.path, `${d.kind} ${d.id} ${d.name}`]));
    expect(kinds).toMatchObject({
      'mortisphere.yaml': 'workspace null Glasmoor — Ærø Frontier',
      'content/scénarios/glass-dunes.yml': 'scenario glass-dunes Glass Dunes',
      'content/scénarios/kiln-yard.yaml': 'scenario kiln-yard Kiln Yard',
      'content/crews/north/elite/kiln-guard.yaml': 'crew kiln-guard The Kiln Guard 火',
      'lib/a/b/c/d/powers.yaml': 'abilities null null',
      'lib/a/b/arms.yaml': 'equipment null null',
      'content/rules/variants/strict/strict-siege.yaml': 'ruleset strict-siege Strict siege',
      'wip-dup.yaml': 'crew x null',
      'wip-syntax.yml': 'scenario s null',
      'wip-two.yaml': 'crew m null',
      'wip-tabs.yaml': 'crewType t null',
      'wip-list.yaml': 'null null null',
      'wip-empty.yaml': 'null null null',
    });
    expect(list.map((d) => d.path)).toEqual([...list.map((d) => d.path)].sort());
  });

  it('refuses paths outside the root and non-YAML files', async () => {
    const { h } = await open('flat-yml');
    for (const p of ['../x.yaml', '/etc/passwd', 'a/../../x.yaml', 'mortisphere.json', '']) {
      const r = await h.readFile(p);
      expect(r.ok, p).toBe(false);
    }
    expect((await h.readFile('a\0.yaml')).ok).toBe(false);
    expect((await h.validate({ '../evil.yaml': 'x' })).ok).toBe(false);
  });

  it('saves invalid YAML (work in progress) and validate flags it; conflicts need a choice', async () => {
    const { h, root } = await open('flat-yml');
    const before = value(await h.readFile('wardens.yml'));
    // an external edit of the same size is still a conflict (content hash, not mtime/size)
    await writeFile(join(root, 'wardens.yml'), before.text.replace('Reeve Amsel', 'Reeve Amzel'));
    const refused = await h.writeFile('wardens.yml', 'kind: crew\nid: [oops\n', { expectedHash: before.hash });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('file/conflict');
    expect(await readFile(join(root, 'wardens.yml'), 'utf8')).toContain('Reeve Amzel');
    const current = value(await h.readFile('wardens.yml'));
    const saved = await h.writeFile('wardens.yml', 'kind: crew\nid: [oops\n', { expectedHash: current.hash });
    expect(saved.ok).toBe(true);
    expect(await readFile(join(root, 'wardens.yml'), 'utf8')).toBe('kind: crew\nid: [oops\n');
    const diags = value(await h.validate());
    expect(diags.filter((d) => d.file === 'wardens.yml').map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual(['3:1 error yaml-syntax']);
    // history keeps the versions; restoring one is a save
    const versions = value(await h.listHistory('wardens.yml'));
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const oldest = value(await h.readHistory('wardens.yml', versions[versions.length - 1].id));
    expect(oldest).toContain('Reeve Amzel');
    expect(value(await h.writeFile('wardens.yml', oldest, { expectedHash: value(await h.readFile('wardens.yml')).hash })).hash).toMatch(/^[0-9a-f]{64}$/);
    expect(value(await h.validate()).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('creates nested new files, refuses to create over an existing one, deletes, keeps drafts', async () => {
    const { h, root } = await open('deep-nested');
    expect((await h.writeFile('content/new/deeper/more-rats.yaml', 'kind: crew\n', { expectedHash: null })).ok).toBe(true);
    const again = await h.writeFile('content/new/deeper/more-rats.yaml', 'x', { expectedHash: null });
    expect(again.ok ? 'ok' : again.error.code).toBe('file/conflict');
    expect(value(await h.validate()).some((d) => d.file === 'content/new/deeper/more-rats.yaml' && d.severity === 'error')).toBe(true);
    expect((await h.deleteFile('content/new/deeper/more-rats.yaml')).ok).toBe(true);
    expect((await h.deleteFile('content/new/deeper/more-rats.yaml')).ok).toBe(false);
    expect((await h.saveDraft('content/campaign.yaml', 'kind: campaign\n# half-typed', null)).ok).toBe(true);
    expect(value(await h.listDrafts()).map((d) => [d.path, d.text])).toEqual([['content/campaign.yaml', 'kind: campaign\n# half-typed']]);
    expect((await h.clearDraft('content/campaign.yaml')).ok).toBe(true);
    expect(value(await h.listDrafts())).toEqual([]);
    // an unsaved overlay is validated in place of the file on disk, BOM and CRLF files included
    const overlay = { 'content/scénarios/glass-dunes.yml': '\ufeffkind: scenari\nschemaVersion: 1\n' };
    const diags = value(await h.validate(overlay)).filter((d) => d.file === 'content/scénarios/glass-dunes.yml');
    expect(diags.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['1:7 unknown-kind']);
    const bom = value(await h.readFile('content/scénarios/glass-dunes.yml'));
    expect(value(await h.validate({ 'content/scénarios/glass-dunes.yml': bom.text }))).toEqual([]);
    expect(await readFile(join(root, 'content/scénarios/kiln-yard.yaml'), 'utf8')).toContain('\r\n');
  });

  it('validate reports unreadable files too, in the same order as the CLI (file, line, column)', async () => {
    const { h, root } = await open('flat-yml');
    await symlink(join(root, 'nowhere.yaml'), join(root, 'zz-dangling.yaml'));
    await writeFile(join(root, 'aa-broken.yaml'), 'kind: crew\n');
    const diags = value(await h.validate());
    expect(diags.map((d) => d.file)).toEqual([...diags.map((d) => d.file)].sort());
    expect(diags[0].file).toBe('aa-broken.yaml');
    expect(diags.at(-1)).toMatchObject({ file: 'zz-dangling.yaml', line: 1, column: 1, code: 'file-unreadable' });
  });
});

