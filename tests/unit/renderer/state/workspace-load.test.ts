import { describe, expect, it } from 'vitest';
import type { FileContent } from '../../../../src/shared/api';
import type { Result } from '../../../../src/shared/result';
import { persistSession, restoreSession } from '../../../../src/renderer/src/state/session';
import type { ValidationBackend } from '../../../../src/renderer/src/state/validation-client';
import { inlineBackend } from '../../../../src/renderer/src/state/validation-client';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import type { ValidationAnswer, ValidationRequest } from '../../../../src/renderer/src/validation/protocol';
import { LineValidator, MemoryApi } from '../memory-api';

const CREW =
  'kind: crew\nschemaVersion: 1\nid: iron-choir\nname: The Iron Choir\nmembers:\n  - id: w\n    die: d10\n';
const FILES = {
  'crews/iron.yaml': CREW,
  'crews/b.yaml': CREW.replace('iron-choir', 'b'),
  'mortisphere.yaml': 'kind: workspace\nschemaVersion: 1\nname: W\n',
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A validator that answers only when told to, like a Web Worker; records every request. */
class WorkerLikeBackend implements ValidationBackend {
  requests: ValidationRequest[] = [];
  private inner = inlineBackend(() => new LineValidator());
  private queued: ValidationAnswer[] = [];
  private listener: ((a: ValidationAnswer) => void) | null = null;
  constructor() {
    this.inner.onAnswer((a) => this.queued.push(a));
  }
  post(r: ValidationRequest): void {
    this.requests.push(r);
    this.inner.post(r);
  }
  onAnswer(fn: (a: ValidationAnswer) => void): void {
    this.listener = fn;
  }
  dispose(): void {}
  /** Delivers the answers computed so far, up to request `maxSeq`. */
  deliver(maxSeq = Infinity): void {
    const now = this.queued.filter((a) => a.seq <= maxSeq);
    this.queued = this.queued.filter((a) => a.seq > maxSeq);
    for (const a of now) this.listener!(a);
  }
  validating(): ValidationRequest[] {
    return this.requests.filter((r) => r.validate);
  }
}

class MapStorage {
  map = new Map<string, string>();
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
}

/** A MemoryApi whose readAllFiles waits for `release()`, counting readFile calls. */
function heldApi(files: Record<string, string>) {
  const mem = new MemoryApi(files);
  const api = mem.api();
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const readAll = api.readAllFiles;
  api.readAllFiles = async (): Promise<Result<FileContent[]>> => {
    await released;
    return readAll();
  };
  const reads: string[] = [];
  const readFile = api.readFile;
  api.readFile = (path) => {
    reads.push(path);
    return readFile(path);
  };
  return { mem, api, release, reads };
}

describe('opening a workspace streams (issue 15)', () => {
  it('the explorer shows from the document list while the files are read; validation waits for all of them', async () => {
    const { api, release } = heldApi(FILES);
    const backend = new WorkerLikeBackend();
    const store = new WorkspaceStore(api, backend, { validate: 5, draft: 10 });
    let shownWith: { loading: boolean; documents: number; requests: number } | null = null;
    const done = store.init(() => {
      shownWith = {
        loading: store.state.loading,
        documents: store.state.documents.length,
        requests: backend.validating().length,
      };
    });
    await wait(20);
    expect(shownWith).toEqual({ loading: false, documents: 3, requests: 0 });
    expect(store.state.workspace?.name).toBe('Mem');
    // Typing meanwhile does not validate half a workspace.
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW.replace('d10', 'd7'));
    await wait(20);
    expect(backend.validating()).toEqual([]);

    release();
    await done;
    expect(backend.validating()).toHaveLength(1);
    const sent = backend.validating()[0].ops;
    expect(sent[0]).toEqual({ op: 'reset' });
    expect(
      sent
        .filter((o) => o.op === 'set')
        .map((o) => (o as { path: string }).path)
        .sort(),
    ).toEqual(Object.keys(FILES).sort());
    expect(store.state.diagnostics).toEqual([]); // not answered yet: the worker is asynchronous
    backend.deliver();
    expect(store.state.diagnostics).toMatchObject([{ file: 'crews/iron.yaml', code: 'schema' }]);
  });

  it("drafts and the last session's tabs show their text before the workspace is read, reading only their own files", async () => {
    const storage = new MapStorage();
    storage.setItem(
      'mortisphere.session:/ws',
      JSON.stringify({ tabs: ['crews/b.yaml', 'crews/iron.yaml', 'gone.yaml'], active: 'crews/b.yaml' }),
    );
    const { mem, api, release, reads } = heldApi(FILES);
    mem.drafts.set('crews/iron.yaml', {
      path: 'crews/iron.yaml',
      text: CREW + '# mine\n',
      baseHash: mem.hashOf('crews/iron.yaml'),
      savedAt: '',
    });
    const store = new WorkspaceStore(api, new WorkerLikeBackend(), { validate: 5, draft: 10 });
    let tabsWhenShown: string[] = [];
    const done = store.init(async () => {
      await restoreSession(store, storage);
      persistSession(store, storage);
      tabsWhenShown = store.state.tabs.map((t) => `${t.path}${t.dirty ? '*' : ''}`);
    });
    await wait(20);
    expect(tabsWhenShown).toEqual(['crews/iron.yaml*', 'crews/b.yaml']);
    expect(store.tab('crews/iron.yaml')?.text).toBe(CREW + '# mine\n');
    expect(store.tab('crews/b.yaml')?.text).toBe(FILES['crews/b.yaml']);
    expect(store.state.active).toBe('crews/b.yaml');
    expect(reads.sort()).toEqual(['crews/b.yaml', 'crews/iron.yaml']);
    release();
    await done;
    expect(store.documents()).toMatchObject({
      'crews/iron.yaml': CREW + '# mine\n',
      'mortisphere.yaml': FILES['mortisphere.yaml'],
    });
    store.set({ active: 'crews/iron.yaml' });
    expect(JSON.parse(storage.getItem('mortisphere.session:/ws')!)).toEqual({
      tabs: ['crews/iron.yaml', 'crews/b.yaml'],
      active: 'crews/iron.yaml',
    });
  });

  it('answers of the previous workspace are ignored after another one opens', async () => {
    const mem = new MemoryApi(FILES);
    const backend = new WorkerLikeBackend();
    const store = new WorkspaceStore(mem.api(), backend, { validate: 5, draft: 10 });
    await store.init();
    await store.open('crews/iron.yaml');
    store.editorChanged('crews/iron.yaml', CREW.replace('d10', 'd7'));
    await wait(20);
    mem.files.clear();
    mem.drafts.clear(); // drafts are kept per workspace
    mem.files.set('other.yaml', 'kind: crew\n');
    const oldRequests = backend.requests.length;
    await store.openWorkspace('/other');
    backend.deliver(oldRequests); // the old workspace's answers arrive late
    expect(store.state.diagnostics).toEqual([]);
    backend.deliver();
    expect(store.state.diagnostics).toEqual([]);
    expect(store.state.documents.map((d) => d.path)).toEqual(['other.yaml']);
  });

  it('typing goes to the validator as an edit of the changed range, after the debounce', async () => {
    const backend = new WorkerLikeBackend();
    const store = new WorkspaceStore(new MemoryApi(FILES).api(), backend, { validate: 5, draft: 10 });
    await store.init();
    await store.open('crews/iron.yaml');
    const before = backend.requests.length;
    store.editorChanged('crews/iron.yaml', CREW.replace('The Iron Choir', 'The Iron Choir!'));
    store.editorChanged('crews/iron.yaml', CREW.replace('The Iron Choir', 'The Iron Choir!!'));
    expect(backend.requests.length).toBe(before);
    await wait(20);
    const sent = backend.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].ops).toEqual([
      {
        op: 'edit',
        path: 'crews/iron.yaml',
        start: CREW.indexOf('\nmembers'),
        end: CREW.indexOf('\nmembers'),
        text: '!!',
      },
    ]);
  });

  it('the validator facade still works for code written against the synchronous store', async () => {
    const store = new WorkspaceStore(new MemoryApi(FILES).api(), () => new LineValidator(), {
      validate: 5,
      draft: 10,
    });
    await store.init();
    store.validator.setFile('crews/new.yaml', 'kind: crew\n    die: d7\n');
    store.revalidate();
    expect(store.validator.diagnostics()).toMatchObject([{ file: 'crews/new.yaml', code: 'schema' }]);
    expect(store.state.diagnostics).toBe(store.validator.diagnostics());
    store.validator.removeFile('crews/new.yaml');
    store.revalidate();
    expect(store.state.diagnostics).toEqual([]);
    expect(store.validator.model().crews.size).toBe(0);
  });
});
