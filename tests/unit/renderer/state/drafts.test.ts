import { describe, expect, it } from 'vitest';
import type { Api } from '../../../../src/shared/api';
import { DraftKeeper } from '../../../../src/renderer/src/state/drafts';
import type { TabState } from '../../../../src/renderer/src/state/store-types';
import { MemoryApi } from '../memory-api';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A keeper over a memory Api whose tabs are a plain map the test edits; counts the draft requests. */
function setup() {
  const mem = new MemoryApi({ 'a.yaml': 'a: 1\n' });
  const base = mem.api();
  const calls: string[] = [];
  const api: Api = {
    ...base,
    saveDraft: (path, text, hash) => (calls.push(`save ${path} ${text.trim()}`), base.saveDraft(path, text, hash)),
    clearDraft: (path) => (calls.push(`clear ${path}`), base.clearDraft(path)),
  };
  const tabs = new Map<string, TabState>();
  const edit = (path: string, text: string, baseText = 'a: 1\n'): void => {
    tabs.set(path, { path, text, baseText, baseHash: 'h', banner: null, view: 'yaml', keepMine: false, readOnly: false, dirty: text !== baseText });
  };
  const keeper = new DraftKeeper(api, (p) => tabs.get(p), 10);
  return { mem, calls, edit, keeper };
}

describe('DraftKeeper', () => {
  it('writes a dirty tab\'s latest text once, after the quiet delay', async () => {
    const { mem, calls, edit, keeper } = setup();
    edit('a.yaml', 'a: 2\n');
    keeper.schedule('a.yaml');
    edit('a.yaml', 'a: 3\n');
    keeper.schedule('a.yaml');
    expect(keeper.pending('a.yaml')).toBe(true);
    await wait(40);
    expect(calls).toEqual(['save a.yaml a: 3']);
    expect(mem.drafts.get('a.yaml')?.text).toBe('a: 3\n');
    expect(keeper.drafted.has('a.yaml')).toBe(true);
  });

  it('clears the draft once the tab is clean again, and sends nothing for a clean tab without one', async () => {
    const { mem, calls, edit, keeper } = setup();
    edit('b.yaml', 'a: 1\n');
    keeper.schedule('b.yaml');
    await wait(40);
    expect(calls).toEqual([]);
    edit('a.yaml', 'a: 2\n');
    keeper.schedule('a.yaml');
    await wait(40);
    edit('a.yaml', 'a: 1\n');
    keeper.schedule('a.yaml');
    await wait(40);
    expect(calls).toEqual(['save a.yaml a: 2', 'clear a.yaml']);
    expect(mem.drafts.size).toBe(0);
    expect(keeper.drafted.size).toBe(0);
  });

  it('a tab saved while its draft is on the way has that draft cleared afterwards', async () => {
    const { mem, calls, edit, keeper } = setup();
    edit('a.yaml', 'a: 2\n');
    keeper.schedule('a.yaml');
    keeper.flush(); // the write starts now; the tab is saved before it lands
    edit('a.yaml', 'a: 2\n', 'a: 2\n');
    await wait(40);
    expect(calls).toEqual(['save a.yaml a: 2', 'clear a.yaml']);
    expect(mem.drafts.size).toBe(0);
  });

  it('discard drops a waiting write and the server\'s draft; cancel drops only the write', async () => {
    const { mem, calls, edit, keeper } = setup();
    edit('a.yaml', 'a: 2\n');
    keeper.schedule('a.yaml');
    await wait(40);
    edit('a.yaml', 'a: 5\n');
    keeper.schedule('a.yaml');
    keeper.cancel('a.yaml');
    await wait(40);
    expect(mem.drafts.get('a.yaml')?.text).toBe('a: 2\n');
    keeper.schedule('a.yaml');
    keeper.discard('a.yaml');
    await wait(40);
    expect(calls).toEqual(['save a.yaml a: 2', 'clear a.yaml']);
    expect(mem.drafts.size).toBe(0);
    expect(keeper.drafted.size).toBe(0);
  });
});
