import { describe, expect, it } from 'vitest';
import { persistSession, restoreSession } from '../../../../src/renderer/src/state/session';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

class MapStorage {
  map = new Map<string, string>();
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
}

const files = { 'a.yaml': 'kind: crew\n', 'b.yaml': 'kind: crew\n', 'c.yaml': 'kind: crew\n' };

describe('tab session', () => {
  it('reopens the open tabs of the last session and its active tab, skipping deleted files', async () => {
    const storage = new MapStorage();
    const first = new WorkspaceStore(new MemoryApi(files).api(), () => new LineValidator());
    await first.init();
    persistSession(first, storage);
    await first.open('a.yaml');
    await first.open('b.yaml');
    await first.open('c.yaml');
    first.set({ active: 'b.yaml' });

    const { 'c.yaml': _gone, ...rest } = files;
    const second = new WorkspaceStore(new MemoryApi(rest).api(), () => new LineValidator());
    await second.init();
    await restoreSession(second, storage);
    expect(second.state.tabs.map((t) => t.path)).toEqual(['a.yaml', 'b.yaml']);
    expect(second.state.active).toBe('b.yaml');
  });

  it('ignores garbage in storage', async () => {
    const storage = new MapStorage();
    storage.setItem('mortisphere.session:/ws', '{not json');
    const store = new WorkspaceStore(new MemoryApi(files).api(), () => new LineValidator());
    await store.init();
    await restoreSession(store, storage);
    storage.setItem('mortisphere.session:/ws', JSON.stringify({ tabs: [42, '../x.yaml'], active: 7 }));
    await restoreSession(store, storage);
    expect(store.state.tabs).toEqual([]);
  });
});
