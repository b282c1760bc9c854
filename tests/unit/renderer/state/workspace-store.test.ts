import { describe, expect, it } from 'vitest';
import { compare, keepMine, overwrite, reloadFromDisk } from '../../../../src/renderer/src/state/disk-sync';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

const CREW = 'kind: crew\nschemaVersion: 1\nid: iron-choir\nname: The Iron Choir\nmembers:\n  - id: w\n    die: d10\n';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup(files: Record<string, string> = { 'crews/iron.yaml': CREW, 'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: W\n' }) {
  const mem = new MemoryApi(files);
  let validator!: LineValidator;
  const store = new WorkspaceStore(mem.api(), () => (validator = new LineValidator()), { validate: 5, draft: 10 });
  await store.init();
  return { mem, store, validator: () => validator };
}

describe('WorkspaceStore', () => {
  it('loads every document into the validator and lists them', async () => {
    const { store, validator } = await setup();
    expect(store.state.loading).toBe(false);
    expect(store.state.workspace?.name).toBe('Mem');
    expect(store.state.documents.map((d) => d.path).sort()).toEqual(['crews/iron.yaml', 'mortisphere.yaml']);
    expect([...validator().files.keys()].sort()).toEqual(['crews/iron.yaml', 'mortisphere.yaml']);
    expect(store.state.diagnostics).toEqual([]);
  });

  it('opening a document whose tab is open makes that tab the active one (one tab per document)', async () => {
    const { store } = await setup();
    expect(await store.open('crews/iron.yaml')).toBe(true);
    expect(await store.open('mortisphere.yaml')).toBe(true);
    expect(store.state.active).toBe('mortisphere.yaml');
    expect(await store.open('crews/iron.yaml')).toBe(true);
    expect(store.state.active).toBe('crews/iron.yaml');
    expect(store.state.tabs.map((t) => t.path)).toEqual(['crews/iron.yaml', 'mortisphere.yaml']);
  });

  it('marks a tab dirty while its text differs, and revalidates the unsaved text after the debounce', async () => {
    const { store } = await setup();
    await store.open('crews/iron.yaml');
    const bad = CREW.replace('d10', 'd7');
    store.editorChanged('crews/iron.yaml', bad);
    expect(store.tab('crews/iron.yaml')?.dirty).toBe(true);
    expect(store.state.diagnostics).toEqual([]);
    await wait(30);
    expect(store.state.diagnostics).toHaveLength(1);
    expect(store.state.diagnostics[0]).toMatchObject({ file: 'crews/iron.yaml', line: 7, code: 'schema' });
    store.editorChanged('crews/iron.yaml', CREW);
    expect(store.tab('crews/iron.yaml')?.dirty).toBe(false);
  });

  it('saves with the expected hash, clears the draft and the dirty flag', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    const baseHash = mem.hashOf('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# edited\n');
    await wait(30);
    expect(mem.drafts.get('crews/iron.yaml')?.text).toBe(CREW + '# edited\n');
    expect(await store.save('crews/iron.yaml')).toBe(true);
    expect(mem.writes.at(-1)?.options).toEqual({ expectedHash: baseHash });
    expect(mem.files.get('crews/iron.yaml')).toBe(CREW + '# edited\n');
    expect(store.tab('crews/iron.yaml')?.dirty).toBe(false);
    expect(mem.drafts.size).toBe(0);
    expect(store.state.status.text).toBe('Saved crews/iron.yaml');
  });

  it('reloads a clean open tab silently on an external change', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    const ev = mem.external('crews/iron.yaml', CREW.replace('The Iron Choir', 'Choir II'));
    await store.fileChanged(ev);
    const tab = store.tab('crews/iron.yaml')!;
    expect(tab.text).toContain('Choir II');
    expect(tab.dirty).toBe(false);
    expect(tab.banner).toBeNull();
  });

  it('keeps unsaved text and shows a banner on an external change; Reload takes the disk text', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# mine\n');
    await store.fileChanged(mem.external('crews/iron.yaml', CREW + '# theirs\n'));
    const tab = store.tab('crews/iron.yaml')!;
    expect(tab.text).toBe(CREW + '# mine\n');
    expect(tab.banner).toMatchObject({ kind: 'changed', diskText: CREW + '# theirs\n' });
    compare(store, 'crews/iron.yaml');
    expect(store.state.compare).toEqual({ path: 'crews/iron.yaml', diskText: CREW + '# theirs\n' });
    reloadFromDisk(store, 'crews/iron.yaml');
    expect(store.tab('crews/iron.yaml')).toMatchObject({ text: CREW + '# theirs\n', dirty: false, banner: null });
    expect(store.state.compare).toBeNull();
  });

  it('Keep mine then Save overwrites with force', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# mine\n');
    await store.fileChanged(mem.external('crews/iron.yaml', CREW + '# theirs\n'));
    keepMine(store, 'crews/iron.yaml');
    expect(store.tab('crews/iron.yaml')?.banner).toBeNull();
    expect(await store.save('crews/iron.yaml')).toBe(true);
    expect(mem.writes.at(-1)?.options).toEqual({ force: true });
    expect(mem.files.get('crews/iron.yaml')).toBe(CREW + '# mine\n');
  });

  it('a save after an unnoticed external edit is refused as a conflict; Overwrite forces it', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# mine\n');
    mem.files.set('crews/iron.yaml', CREW + '# theirs\n'); // no watch event
    expect(await store.save('crews/iron.yaml')).toBe(false);
    expect(mem.files.get('crews/iron.yaml')).toBe(CREW + '# theirs\n');
    expect(store.tab('crews/iron.yaml')?.banner).toMatchObject({ kind: 'conflict', diskText: CREW + '# theirs\n' });
    expect(store.state.status.error).toBe(true);
    expect(await overwrite(store, 'crews/iron.yaml')).toBe(true);
    expect(mem.files.get('crews/iron.yaml')).toBe(CREW + '# mine\n');
  });

  it('ignores the watch event of its own save', async () => {
    const { mem, store } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# a\n');
    await store.save('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW + '# b\n');
    await store.fileChanged({ kind: 'change', path: 'crews/iron.yaml' });
    expect(store.tab('crews/iron.yaml')).toMatchObject({ text: CREW + '# b\n', banner: null, dirty: true });
    void mem;
  });

  it('asks before closing unsaved work: Cancel keeps it, Don\'t save drops text and draft', async () => {
    const { mem, store, validator } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW.replace('d10', 'd7'));
    await wait(30);
    store.requestClose('crews/iron.yaml');
    expect(store.state.closePrompt).toBe('crews/iron.yaml');
    await store.answerClose('cancel');
    expect(store.tab('crews/iron.yaml')).toBeDefined();
    store.requestClose('crews/iron.yaml');
    await store.answerClose('discard');
    expect(store.tab('crews/iron.yaml')).toBeUndefined();
    expect(validator().files.get('crews/iron.yaml')).toBe(CREW);
    expect(store.state.diagnostics).toEqual([]);
    await wait(10);
    expect(mem.drafts.size).toBe(0);
  });

  it('restores drafts on load, with a banner when the disk moved on', async () => {
    const mem = new MemoryApi({ 'crews/iron.yaml': CREW, 'crews/b.yaml': CREW });
    const baseHash = mem.hashOf('crews/iron.yaml');
    mem.drafts.set('crews/iron.yaml', { path: 'crews/iron.yaml', text: CREW + '# draft\n', baseHash, savedAt: '' });
    mem.drafts.set('crews/b.yaml', { path: 'crews/b.yaml', text: CREW + '# b\n', baseHash: 'old', savedAt: '' });
    mem.drafts.set('crews/same.yaml', { path: 'crews/same.yaml', text: 'x', baseHash: null, savedAt: '' });
    const store = new WorkspaceStore(mem.api(), () => new LineValidator(), { validate: 5, draft: 10 });
    await store.init();
    expect(store.tab('crews/iron.yaml')).toMatchObject({ text: CREW + '# draft\n', dirty: true, banner: null, baseHash });
    expect(store.tab('crews/b.yaml')?.banner?.kind).toBe('changed');
    expect(store.tab('crews/same.yaml')).toMatchObject({ text: 'x', dirty: true, baseHash: null });
  });

  it('documents() returns disk texts overlaid with unsaved tab texts', async () => {
    const { store } = await setup();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', 'changed');
    expect(store.documents()).toMatchObject({ 'crews/iron.yaml': 'changed', 'mortisphere.yaml': expect.any(String) });
  });

  it('a deleted file closes its clean tab and flags a dirty one', async () => {
    const { mem, store } = await setup({ 'a.yaml': 'kind: crew\n', 'b.yaml': 'kind: crew\n' });
    await store.open('a.yaml');
    await store.open('b.yaml');
    store.editorChanged('b.yaml', 'kind: crew\n# mine\n');
    await store.fileChanged(mem.external('a.yaml', null));
    await store.fileChanged(mem.external('b.yaml', null));
    expect(store.tab('a.yaml')).toBeUndefined();
    expect(store.tab('b.yaml')?.banner?.kind).toBe('deleted');
    keepMine(store, 'b.yaml');
    expect(await store.save('b.yaml')).toBe(true);
    expect(mem.files.get('b.yaml')).toBe('kind: crew\n# mine\n');
  });

  it('openLocation opens the file and requests a reveal', async () => {
    const { store } = await setup();
    await store.openLocation('crews/iron.yaml', 7, 10);
    expect(store.state.active).toBe('crews/iron.yaml');
    expect(store.state.reveal).toMatchObject({ path: 'crews/iron.yaml', line: 7, column: 10 });
    expect(await store.open('nope.yaml')).toBe(false);
    expect(store.state.status.error).toBe(true);
  });

  it('a draft still on its way when the tab is saved is cleared afterwards', async () => {
    const mem = new MemoryApi({ 'a.yaml': 'kind: crew\n' });
    const api = mem.api();
    let release: () => void = () => undefined;
    const saveDraft = api.saveDraft;
    api.saveDraft = async (...args) => {
      await new Promise<void>((r) => (release = r));
      return saveDraft(...args);
    };
    const store = new WorkspaceStore(api, () => new LineValidator(), { validate: 5, draft: 5 });
    await store.init();
    await store.open('a.yaml');
    store.editorChanged('a.yaml', 'kind: crew\n# x\n');
    await wait(20); // the draft request is now pending
    expect(await store.save('a.yaml')).toBe(true);
    release();
    await wait(40);
    expect(mem.drafts.size).toBe(0);
  });
});
