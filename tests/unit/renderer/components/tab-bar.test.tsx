import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocumentTabs, sameHeads, selectHeads, tabLabel } from '../../../../src/renderer/src/components/TabBar';
import { uiStoreOf } from '../../../../src/renderer/src/state/ui-store';
import { StoreContext } from '../../../../src/renderer/src/state/use-store';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

async function storeWith(files: Record<string, string>) {
  const store = new WorkspaceStore(new MemoryApi(files).api(), () => new LineValidator());
  await store.init();
  return store;
}

describe('TabBar (issue 17 item 2: react-aria Tabs, re-rendered only when what it shows changes)', () => {
  it('typing keeps the strip’s slice equal; opening, closing or a dirty flag changing does not', async () => {
    const store = await storeWith({ 'crews/a.yaml': 'kind: crew\n', 'crews/b.yaml': 'kind: crew\n' });
    await store.open('crews/a.yaml');
    const one = selectHeads(store.getState());
    store.editorChanged('crews/a.yaml', 'kind: crew\n# x\n');
    const dirty = selectHeads(store.getState());
    expect(sameHeads(one, dirty)).toBe(false);
    expect(dirty).toEqual([['crews/a.yaml', true]]);
    // More keystrokes: the text changes, the state object changes, the slice does not.
    const before = store.getState();
    store.editorChanged('crews/a.yaml', 'kind: crew\n# xy\n');
    store.editorChanged('crews/a.yaml', 'kind: crew\n# xyz\n');
    expect(store.getState()).not.toBe(before);
    expect(sameHeads(dirty, selectHeads(store.getState()))).toBe(true);
    await store.open('crews/b.yaml');
    expect(sameHeads(dirty, selectHeads(store.getState()))).toBe(false);
    expect(sameHeads([['a', false]], [['b', false]])).toBe(false);
    expect(sameHeads([['a', false]], [['a', false], ['b', false]])).toBe(false);
  });

  it('the strip is a react-aria tablist with the Welcome tab first, named tabs and close buttons beside it', async () => {
    const store = await storeWith({ 'crews/a.yaml': 'kind: crew\n' });
    await store.open('crews/a.yaml');
    store.set({ active: null });
    uiStoreOf(store).set({ welcome: true });
    const html = renderToStaticMarkup(
      <StoreContext.Provider value={store}>
        <DocumentTabs />
      </StoreContext.Provider>,
    );
    const tabs = [...html.matchAll(/<div [^>]*role="tab"[^>]*>/g)].map((m) => m[0]);
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toContain('aria-label="Welcome"');
    expect(tabs[0]).toContain('aria-selected="true"');
    expect(tabs[1]).toContain('aria-label="a.yaml"');
    expect(tabs[1]).toContain('aria-selected="false"');
    expect(html).toContain('aria-label="Close Welcome"');
    expect(html).toContain('title="crews/a.yaml"');
  });

  it('a tab is labelled by its file’s base name', () => {
    expect(tabLabel('crews/deep/a.yaml')).toBe('a.yaml');
    expect(tabLabel('a.yaml')).toBe('a.yaml');
  });
});
