import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceValidator } from '../../../../src/shared/validation';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { MemoryApi } from '../memory-api';

const EXAMPLE = join(__dirname, '../../../../resources/examples/ashen-reach');
const readTree = (dir: string, out: Record<string, string> = {}): Record<string, string> => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) readTree(p, out);
    else if (/\.ya?ml$/.test(name)) out[relative(EXAMPLE, p).split('\\').join('/')] = readFileSync(p, 'utf8');
  }
  return out;
};
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('WorkspaceStore with the shared validator on the example workspace', () => {
  it('shows the validator diagnostic of an unsaved d7 and clears it when fixed', async () => {
    const mem = new MemoryApi(readTree(EXAMPLE));
    const store = new WorkspaceStore(mem.api(), () => new WorkspaceValidator(), { validate: 5, draft: 5 });
    await store.init();
    expect(store.state.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(store.state.model?.crews.has('iron-choir')).toBe(true);
    const path = 'crews/iron-choir.yaml';
    await store.open(path);
    const text = store.tab(path)!.text;
    store.editorChanged(path, text.replace('die: d10', 'die: d7'));
    await wait(40);
    const errors = store.state.diagnostics.filter((d) => d.file === path && d.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toContain('d7');
    expect(errors[0].line).toBe(text.split('\n').findIndex((l) => l.includes('die: d10')) + 1);
    store.editorChanged(path, text);
    await wait(40);
    expect(store.state.diagnostics.filter((d) => d.file === path && d.severity === 'error')).toEqual([]);
  });

  it('reflects unsaved edits in cross-document checks', async () => {
    const mem = new MemoryApi(readTree(EXAMPLE));
    const store = new WorkspaceStore(mem.api(), () => new WorkspaceValidator(), { validate: 5, draft: 5 });
    await store.init();
    const lib = 'libraries/abilities.yaml';
    await store.open(lib);
    store.editorChanged(lib, store.tab(lib)!.text.replace(/id: steady-aim/g, 'id: steady-aim-renamed'));
    await wait(40);
    const refs = store.state.diagnostics.filter((d) => d.code === 'unknown-ref' && d.message.includes('steady-aim'));
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.some((d) => d.file === 'crews/iron-choir.yaml')).toBe(true);
  });
});
