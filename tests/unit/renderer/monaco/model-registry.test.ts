import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../../../src/shared/diagnostics';
import { ModelRegistry } from '../../../../src/renderer/src/monaco/model-registry';
import { sameDiagnostics } from '../../../../src/renderer/src/state/doc-groups';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';
import type { FakeModel } from './fake-monaco';
import { fakeMonaco } from './fake-monaco';

const CREW = 'kind: crew\nid: a\nname: A\nmembers:\n  - id: w\n    die: d10\n';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (fn: () => void) => setTimeout(fn, 16));
  vi.stubGlobal('cancelAnimationFrame', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function setup() {
  const mem = new MemoryApi({ 'crews/a.yaml': CREW, 'crews/b.yaml': CREW.replace('id: a', 'id: b') });
  const store = new WorkspaceStore(mem.api(), () => new LineValidator(), { validate: 50, draft: 1000 });
  await store.init();
  const fake = fakeMonaco();
  const registry = new ModelRegistry(fake.monaco, store);
  await store.open('crews/a.yaml');
  const model = registry.get('crews/a.yaml') as unknown as FakeModel;
  return { mem, store, registry, model, fake };
}

describe('ModelRegistry', () => {
  it('typing reaches the store after the frame, not during the keystroke; a save takes it at once', async () => {
    const { store, model, mem } = await setup();
    const renders: string[] = [];
    store.subscribe(() => renders.push(store.tab('crews/a.yaml')!.text));
    const at = CREW.indexOf('name: A') + 'name: A'.length;
    model.type(at, 'b');
    model.type(at + 1, 'c');
    expect(renders).toEqual([]); // no store update (so no React render) inside the keystrokes
    expect(store.tab('crews/a.yaml')!.text).toBe(CREW);
    vi.advanceTimersByTime(20);
    expect(store.tab('crews/a.yaml')!.text).toBe(model.getValue());
    expect(renders).toHaveLength(1); // one update for the burst

    model.type(at, 'X');
    expect(await store.save('crews/a.yaml')).toBe(true);
    expect(mem.files.get('crews/a.yaml')).toBe(model.getValue());
    expect(store.tab('crews/a.yaml')!.dirty).toBe(false);
  });

  it('pending typing is taken before a form edit, which lands as one undoable edit', async () => {
    const { store, model } = await setup();
    const at = CREW.indexOf('name: A') + 'name: A'.length;
    model.type(at, 'Z');
    const typed = model.getValue();
    store.applyText('crews/a.yaml', typed.replace('die: d10', 'die: d12'));
    expect(model.getValue()).toBe(typed.replace('die: d10', 'die: d12'));
    expect(model.edits).toBe(1);
    expect(store.tab('crews/a.yaml')!.text).toBe(model.getValue());
    model.undo();
    vi.advanceTimersByTime(20);
    expect(store.tab('crews/a.yaml')!.text).toBe(typed);
  });

  it('an external change after unreported typing shows the banner instead of reloading over it', async () => {
    const { store, model, mem } = await setup();
    model.type(0, '# mine\n');
    await store.fileChanged(mem.external('crews/a.yaml', CREW + '# theirs\n'));
    expect(store.tab('crews/a.yaml')!.banner?.kind).toBe('changed');
    expect(model.getValue()).toBe('# mine\n' + CREW);
  });

  it('sets markers from the diagnostics, only again for files whose diagnostics changed', async () => {
    const { store, fake } = await setup();
    await store.open('crews/b.yaml');
    const b = fake.models.get('file:///mortisphere/crew/crews/b.yaml')!;
    fake.markerCalls.length = 0;
    b.type(b.getValue().indexOf('d10') + 1, '7');
    vi.advanceTimersByTime(100);
    expect(fake.markerCalls.map((c) => c.path)).toEqual(['/mortisphere/crew/crews/b.yaml']);
    expect(fake.markerCalls[0].markers).toMatchObject([{ code: 'schema', severity: 8, startLineNumber: 6 }]);
    // A change elsewhere that leaves b's diagnostics as they were does not touch its markers.
    fake.markerCalls.length = 0;
    const a = fake.models.get('file:///mortisphere/crew/crews/a.yaml')!;
    a.type(0, '# x\n');
    vi.advanceTimersByTime(100);
    expect(fake.markerCalls).toEqual([]);
  });

  it('the validation debounce counts from the keystroke, not from when the text reached the store', async () => {
    const { store, model } = await setup(); // debounce 50 ms; the text arrives after a 16 ms frame
    model.type(CREW.indexOf('d10') + 1, '7');
    vi.advanceTimersByTime(52);
    expect(store.state.diagnostics).toMatchObject([{ file: 'crews/a.yaml', code: 'schema' }]);
  });

  it('compares diagnostics field by field', () => {
    const d: Diagnostic = {
      file: 'a',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      severity: 'error',
      code: 'schema',
      message: 'm',
    };
    expect(sameDiagnostics([d], [{ ...d }])).toBe(true);
    expect(sameDiagnostics([d], [{ ...d, line: 2 }])).toBe(false);
    expect(sameDiagnostics([d], [{ ...d, message: 'n' }])).toBe(false);
    expect(sameDiagnostics([d], [])).toBe(false);
  });

  it('closing a tab disposes its model and drops its unreported typing', async () => {
    const { store, model } = await setup();
    model.type(0, '#');
    store.close('crews/a.yaml');
    expect(store.tab('crews/a.yaml')).toBeUndefined();
    expect(model.disposed).toBe(true);
  });
});
