import { describe, expect, it } from 'vitest';
import { err } from '../../../../src/shared/result';
import { dismissReadOnly, overwriteReadOnly } from '../../../../src/renderer/src/state/save';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

/** Issue 9 item 9, the app's side: a read-only file is saved only after "Overwrite anyway". */

const CREW = 'kind: crew\nschemaVersion: 1\nid: iron-choir\nname: The Iron Choir\nmembers: []\n';
const PATH = 'crews/iron.yaml';

async function setup() {
  const mem = new MemoryApi({ [PATH]: CREW, 'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: W\n' });
  const api = mem.api();
  const write = api.writeFile;
  const readOnly = new Set([PATH]);
  // The main side's contract: a read-only file is refused unless the save carries `unlock`.
  api.writeFile = async (path, text, options) => {
    if (readOnly.has(path) && !options?.unlock) {
      mem.writes.push({ path, text, options });
      return err('file/read-only', `'${path}' is read-only on disk`, path);
    }
    readOnly.delete(path);
    return write(path, text, options);
  };
  const store = new WorkspaceStore(api, () => new LineValidator(), { validate: 5, draft: 10 });
  await store.init();
  await store.open(PATH);
  store.editorChanged(PATH, CREW + '# mine\n');
  return { mem, store };
}

describe('saving a read-only file', () => {
  it('is refused and offers Overwrite anyway, which saves with unlock and the same conflict check', async () => {
    const { mem, store } = await setup();
    const baseHash = mem.hashOf(PATH);
    expect(await store.save(PATH)).toBe(false);
    expect(store.tab(PATH)).toMatchObject({ readOnly: true, dirty: true });
    expect(mem.files.get(PATH)).toBe(CREW);
    expect(store.state.status).toEqual({ text: expect.stringMatching(/read-only on disk.*Overwrite anyway/), error: true });
    expect(await overwriteReadOnly(store, PATH)).toBe(true);
    expect(mem.writes.at(-1)?.options).toEqual({ expectedHash: baseHash, unlock: true });
    expect(mem.files.get(PATH)).toBe(CREW + '# mine\n');
    expect(store.tab(PATH)).toMatchObject({ readOnly: false, dirty: false });
  });

  it('Cancel hides the offer and keeps the edits unsaved', async () => {
    const { mem, store } = await setup();
    await store.save(PATH);
    dismissReadOnly(store, PATH);
    expect(store.tab(PATH)).toMatchObject({ readOnly: false, dirty: true });
    expect(mem.files.get(PATH)).toBe(CREW);
  });
});
