import { describe, expect, it } from 'vitest';
import { checkNewPath, createDocument } from '../../../../src/renderer/src/state/new-document';
import { instantiateTemplate } from '../../../../src/shared/template-instantiate';
import { idFromPath } from '../../../../src/shared/templates';
import { WorkspaceStore } from '../../../../src/renderer/src/state/workspace-store';
import { LineValidator, MemoryApi } from '../memory-api';

describe('new documents', () => {
  it('refuses paths outside the workspace, non-YAML names and existing files', () => {
    const existing = new Set(['crews/a.yaml']);
    expect(checkNewPath('crews/b.yaml', existing)).toBeNull();
    expect(checkNewPath('', existing)).toMatch(/Type a file name/);
    expect(checkNewPath('/etc/x.yaml', existing)).toMatch(/inside the workspace/);
    expect(checkNewPath('../x.yaml', existing)).toMatch(/'\.\.'/);
    expect(checkNewPath('crews/b.txt', existing)).toMatch(/\.yaml or \.yml/);
    expect(checkNewPath('crews/a.yaml', existing)).toMatch(/already exists/);
  });

  it('derives the id from the file name', () => {
    expect(idFromPath('crews/My Crew.yaml')).toBe('my-crew');
    expect(instantiateTemplate('kind: crew\nid: x\nmembers:\n  - id: keep\n', 'crews/rust-eaters.yaml', () => new Set())).toBe(
      'kind: crew\nid: rust-eaters\nmembers:\n  - id: keep\n',
    );
  });

  it('creates the file without overwriting and opens it', async () => {
    const mem = new MemoryApi({ 'crews/a.yaml': 'kind: crew\n' });
    const store = new WorkspaceStore(mem.api(), () => new LineValidator());
    await store.init();
    expect(await createDocument(store, 'crews/new.yaml', 'kind: crew\nid: t\n')).toBeNull();
    expect(mem.files.get('crews/new.yaml')).toBe('kind: crew\nid: new\n');
    expect(mem.writes.at(-1)?.options).toEqual({ expectedHash: null });
    expect(store.state.active).toBe('crews/new.yaml');
    expect(store.tab('crews/new.yaml')?.dirty).toBe(false);
    expect(store.tab('crews/new.yaml')?.view).toBe('form');
    mem.files.set('crews/late.yaml', 'x');
    expect(await createDocument(store, 'crews/late.yaml', 'kind: crew\n')).toMatch(/already exists/);
  });
});
