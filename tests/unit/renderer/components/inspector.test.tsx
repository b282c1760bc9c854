import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Inspector, selectInspector } from '../../../../src/renderer/src/components/Inspector';
import { shallowEqual, StoreContext } from '../../../../src/renderer/src/state/use-store';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { WorkspaceValidator } from '../../../../src/shared/validation';
import { MemoryApi } from '../memory-api';

const FILES = {
  'crews/iron.yaml': 'kind: crew\nschemaVersion: 1\nid: iron\nname: The Iron Choir\nmembers:\n  - id: w\n    name: Warden\n    type: grunt\n    die: d6\n    health: 2\n',
  'crews/moss.yaml': 'kind: crew\nschemaVersion: 1\nid: moss\nmembers:\n  - id: m\n    name: Moss\n    type: grunt\n    die: d6\n    health: 2\n',
  'campaigns/reach.yaml': 'kind: campaign\nschemaVersion: 1\nid: reach\nname: The Reach\ncrews: [iron, moss]\nscenarios: []\n',
};

async function openedStore(path: string) {
  const store = new WorkspaceStore(new MemoryApi(FILES).api(), () => new WorkspaceValidator(), { validate: 5, draft: 5 });
  await store.init();
  await store.open(path);
  return store;
}
const render = (store: WorkspaceStore) =>
  renderToStaticMarkup(
    <StoreContext.Provider value={store}>
      <Inspector onHide={() => {}} />
    </StoreContext.Provider>,
  );

describe('the inspector (issue 17)', () => {
  it('names linked documents by their name, with kind, id and file as their description', async () => {
    const store = await openedStore('crews/iron.yaml');
    expect(store.getState().model?.campaigns.has('reach')).toBe(true);
    const html = render(store);
    const button = /<button[^>]*aria-label="Campaign The Reach"[^>]*aria-describedby="([^"]+)"/.exec(html);
    expect(button).not.toBeNull();
    const description = new RegExp(`id="${button![1]}">([^<]*)<`).exec(html);
    expect(description?.[1]).toBe('Campaign · reach · campaigns/reach.yaml');
    expect(html).toContain('data-kind="campaign"');
  });

  it('a linked document without a name is shown by its id', async () => {
    const store = await openedStore('campaigns/reach.yaml');
    const html = render(store);
    expect(html).toContain('aria-label="Crew The Iron Choir"');
    expect(html).toMatch(/aria-label="Crew moss"/);
    expect(html).toContain('>Crew · crews/moss.yaml<');
  });

  it('its slice does not change on a keystroke (before the validation answer), so typing does not re-render it', async () => {
    const store = new WorkspaceStore(new MemoryApi(FILES).api(), () => new WorkspaceValidator(), { validate: 60_000, draft: 60_000 });
    await store.init();
    await store.open('crews/iron.yaml');
    const before = selectInspector(store.getState());
    store.editorChanged('crews/iron.yaml', `${FILES['crews/iron.yaml']}# typing`);
    expect(store.getState().tabs[0]!.dirty).toBe(true);
    expect(shallowEqual(before, selectInspector(store.getState()))).toBe(true);
  });

  it('an equipment link names the item ("Equipment"), the document itself is an equipment library', async () => {
    const files = {
      ...FILES,
      'crews/iron.yaml': FILES['crews/iron.yaml'] + '    equipment: [rust-cannon]\n',
      'libraries/equipment.yaml': 'kind: equipment\nschemaVersion: 1\nitems:\n  - id: rust-cannon\n    name: Rust Cannon\n    cost: 2\n    effects: [{damage: 2}]\n',
    };
    const store = new WorkspaceStore(new MemoryApi(files).api(), () => new WorkspaceValidator(), { validate: 5, draft: 5 });
    await store.init();
    await store.open('crews/iron.yaml');
    expect(render(store)).toContain('aria-label="Equipment Rust Cannon"');
    await store.open('libraries/equipment.yaml');
    expect(render(store)).toContain('Equipment library');
  });
});
