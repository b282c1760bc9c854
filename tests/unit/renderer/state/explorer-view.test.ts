import { describe, expect, it } from 'vitest';
import { readUnsaved, selectExplorer, shownDocuments } from '../../../../src/renderer/src/state/explorer-view';
import { shallowEqual } from '../../../../src/renderer/src/state/use-store';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

const CREW = 'kind: crew\nid: a\nname: Iron\nmembers: []\n';

async function storeWith(files: Record<string, string>) {
  const store = new WorkspaceStore(new MemoryApi(files).api(), () => new LineValidator());
  await store.init();
  return store;
}

describe('the explorer re-renders only when what it shows changes (issue 17)', () => {
  it('a keystroke that keeps the name gives an equal slice; the first edit (dirty) and a new name do not', async () => {
    const store = await storeWith({ 'crews/a.yaml': CREW, 'crews/b.yaml': 'kind: crew\nid: b\n' });
    await store.open('crews/a.yaml');
    const clean = selectExplorer(store.getState());
    store.editorChanged('crews/a.yaml', `${CREW}# a`);
    const dirty = selectExplorer(store.getState());
    expect(shallowEqual(clean, dirty)).toBe(false);
    expect(readUnsaved(dirty.unsaved).dirty).toEqual(new Set(['crews/a.yaml']));
    store.editorChanged('crews/a.yaml', `${CREW}# ab`);
    store.editorChanged('crews/a.yaml', `${CREW}# abc`);
    expect(shallowEqual(dirty, selectExplorer(store.getState()))).toBe(true);
    store.editorChanged('crews/a.yaml', CREW.replace('Iron', 'Tin'));
    const renamed = selectExplorer(store.getState());
    expect(shallowEqual(dirty, renamed)).toBe(false);
    expect(readUnsaved(renamed.unsaved).names.get('crews/a.yaml')).toBe('Tin');
  });

  it('opening another document changes the slice (the selected row)', async () => {
    const store = await storeWith({ 'crews/a.yaml': CREW, 'crews/b.yaml': 'kind: crew\nid: b\n' });
    await store.open('crews/a.yaml');
    const a = selectExplorer(store.getState());
    await store.open('crews/b.yaml');
    const b = selectExplorer(store.getState());
    expect(shallowEqual(a, b)).toBe(false);
    expect(b.active).toBe('crews/b.yaml');
  });

  it('a dirty tab’s unsaved name replaces the saved one; others keep theirs', () => {
    const docs = [
      { path: 'a.yaml', kind: 'crew', id: 'a', name: 'Iron' },
      { path: 'b.yaml', kind: 'crew', id: 'b', name: 'Moss' },
    ] as Parameters<typeof shownDocuments>[0];
    const shown = shownDocuments(docs, new Map([['a.yaml', 'Tin']]));
    expect(shown.map((d) => d.name)).toEqual(['Tin', 'Moss']);
    expect(shown[1]).toBe(docs[1]);
  });
});
