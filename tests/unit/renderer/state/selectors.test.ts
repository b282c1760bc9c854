import { describe, expect, it } from 'vitest';
import { activeTabOf, selectActiveMeta, selectShell, unsavedCount } from '../../../../src/renderer/src/state/selectors';
import type { StoreState } from '../../../../src/renderer/src/state/store-types';
import { shallowEqual } from '../../../../src/renderer/src/state/use-store';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

const CREW = 'kind: crew\nschemaVersion: 1\nid: iron-choir\nname: The Iron Choir\nmembers:\n  - id: w\n    die: d7\n';
const PATH = 'crews/iron.yaml';
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setup() {
  const mem = new MemoryApi({ [PATH]: CREW, 'crews/other.yaml': CREW.replace('iron-choir', 'other'), 'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: W\n' });
  const store = new WorkspaceStore(mem.api(), () => new LineValidator(), { validate: 5, draft: 10 });
  await store.init();
  await store.open('crews/other.yaml');
  await store.open(PATH);
  return store;
}

/**
 * What the shell's components select (App, the toolbar, the editor pane, the panels, the status
 * bar). Not the model: a validated text is a new model (its consumers show what was typed).
 */
const slices = (s: StoreState) => ({
  shell: selectShell(s),
  meta: selectActiveMeta(s),
  documents: s.documents,
  diagnostics: s.diagnostics,
  unsaved: unsavedCount(s),
  tabPaths: s.tabs.map((t) => t.path),
  tabDirty: s.tabs.map((t) => t.dirty),
});

/** Types `keys` one character at a time at the end of the active tab, as the editor reports it. */
function type(store: WorkspaceStore, keys: string): void {
  for (const k of keys) store.editorChanged(PATH, store.tab(PATH)!.text + k);
}

describe('selectors: a keystroke leaves what the shell selects equal (issue 17 typing cost)', () => {
  it('typing in a dirty tab changes the active tab (its text) but no slice the shell selects', async () => {
    const store = await setup();
    type(store, '#'); // the first key makes it dirty: that is a real change
    await wait(30); // its validation answer arrives
    const before = slices(store.getState());
    const tabBefore = activeTabOf(store.getState());
    type(store, ' more words');
    await wait(30); // validated again: the same diagnostics
    const after = slices(store.getState());
    expect(activeTabOf(store.getState())).not.toBe(tabBefore);
    expect(activeTabOf(store.getState())!.text.endsWith('# more words')).toBe(true);
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (key === 'tabPaths' || key === 'tabDirty') expect(after[key]).toEqual(before[key]);
      else expect(shallowEqual(before[key], after[key]), key).toBe(true);
    }
  });

  it('the slices do change when what they show changes: dirty, active, diagnostics', async () => {
    const store = await setup();
    const clean = store.getState();
    type(store, '#');
    const dirty = store.getState();
    expect(shallowEqual(selectShell(clean), selectShell(dirty))).toBe(false);
    expect(shallowEqual(selectActiveMeta(clean), selectActiveMeta(dirty))).toBe(false);
    expect(unsavedCount(dirty)).toBe(1);
    store.set({ active: 'crews/other.yaml' });
    expect(selectActiveMeta(store.getState()).path).toBe('crews/other.yaml');
    await wait(30);
    const diagnostics = store.getState().diagnostics;
    store.editorChanged(PATH, store.tab(PATH)!.text.replace('die: d7', 'die: d6'));
    await wait(30);
    expect(store.getState().diagnostics).not.toBe(diagnostics);
    expect(store.getState().diagnostics.some((d) => d.file === PATH)).toBe(false);
  });

  it('a validation answer equal to the last keeps the same diagnostics array', async () => {
    const store = await setup();
    type(store, '#');
    await wait(30);
    const first = store.getState().diagnostics;
    expect(first.filter((d) => d.file === PATH)).toHaveLength(1);
    type(store, 'abc');
    await wait(30);
    expect(store.getState().diagnostics).toBe(first);
  });
});
