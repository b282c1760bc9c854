import { describe, expect, it } from 'vitest';
import { workspaceEdits } from '../../../../src/renderer/src/state/workspace-edit';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

const FILES = { 'campaigns/c.yaml': 'battles: []\n', 'crews/a.yaml': 'crew: a\n', 'crews/b.yaml': 'crew: b\n', 'mortisphere.yaml': 'kind: workspace\n' };
const CHANGE = {
  label: 'Record battle #1',
  files: [
    { path: 'campaigns/c.yaml', before: 'battles: []\n', after: 'battles: [1]\n' },
    { path: 'crews/a.yaml', before: 'crew: a\n', after: 'crew: a hurt\n' },
    { path: 'crews/b.yaml', before: 'crew: b\n', after: 'crew: b won\n' },
  ],
};

async function setup() {
  const mem = new MemoryApi(FILES);
  let validator!: LineValidator;
  const store = new WorkspaceStore(mem.api(), () => (validator = new LineValidator()), { validate: 5, draft: 10 });
  await store.init();
  return { mem, store, edits: workspaceEdits(store), validator: () => validator };
}

const files = (mem: MemoryApi) => ['campaigns/c.yaml', 'crews/a.yaml', 'crews/b.yaml'].map((p) => mem.files.get(p));

describe('workspace-level undo/redo of a change across several files', () => {
  it('applies a change as one write, undoes every file, redoes every file; the app copy and the validator follow', async () => {
    const { mem, store, edits, validator } = await setup();
    await store.open('crews/a.yaml');
    expect((await edits.apply(CHANGE)).ok).toBe(true);
    expect(files(mem)).toEqual(['battles: [1]\n', 'crew: a hurt\n', 'crew: b won\n']);
    expect(edits.getState()).toEqual({ undo: 'Record battle #1', redo: null, busy: false });
    expect(store.tab('crews/a.yaml')).toMatchObject({ text: 'crew: a hurt\n', dirty: false });
    expect(validator().files.get('crews/b.yaml')).toBe('crew: b won\n');
    expect((await edits.undo()).ok).toBe(true);
    expect(files(mem)).toEqual(['battles: []\n', 'crew: a\n', 'crew: b\n']);
    expect(edits.getState()).toEqual({ undo: null, redo: 'Record battle #1', busy: false });
    expect(store.tab('crews/a.yaml')).toMatchObject({ text: 'crew: a\n', dirty: false });
    expect((await edits.redo()).ok).toBe(true);
    expect(files(mem)).toEqual(['battles: [1]\n', 'crew: a hurt\n', 'crew: b won\n']);
    expect(store.disk.get('campaigns/c.yaml')?.text).toBe('battles: [1]\n');
  });

  it('refuses while a file has unsaved edits, and when a file changed since (nothing written)', async () => {
    const { mem, store, edits } = await setup();
    await store.open('crews/b.yaml');
    store.editorChanged('crews/b.yaml', 'crew: b edited\n');
    const dirty = await edits.apply(CHANGE);
    expect(!dirty.ok && dirty.error.code).toBe('edit/unsaved');
    expect(!dirty.ok && dirty.error.message).toContain('crews/b.yaml has unsaved edits');
    expect(files(mem)).toEqual(['battles: []\n', 'crew: a\n', 'crew: b\n']);
    store.editorChanged('crews/b.yaml', 'crew: b\n');
    expect((await edits.apply(CHANGE)).ok).toBe(true);
    // Another program edits a file: undo would overwrite it, so it is refused.
    mem.external('crews/a.yaml', 'crew: a edited elsewhere\n');
    await store.fileChanged({ kind: 'change', path: 'crews/a.yaml' });
    const undo = await edits.undo();
    expect(!undo.ok && undo.error.code).toBe('file/conflict');
    expect(files(mem)).toEqual(['battles: [1]\n', 'crew: a edited elsewhere\n', 'crew: b won\n']);
    expect(edits.getState().undo).toBe('Record battle #1');
  });

  it('a failed write (disk full) lands nothing and keeps the stack as it was', async () => {
    const { mem, edits, store } = await setup();
    mem.failWrites = true;
    const r = await edits.apply(CHANGE);
    expect(!r.ok && r.error.code).toBe('file/disk-full');
    expect(files(mem)).toEqual(['battles: []\n', 'crew: a\n', 'crew: b\n']);
    expect(edits.getState()).toEqual({ undo: null, redo: null, busy: false });
    expect(store.state.status.error).toBe(true);
  });
});
