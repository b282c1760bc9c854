import { rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileChangeEvent } from '../../../../src/shared/api';
import { WorkspaceService } from '../../../../src/main/services/workspace';
import { fakeValidate, makeWorkspace } from '../helpers/workspace-fixture';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function watched() {
  const ws = await makeWorkspace();
  const events: FileChangeEvent[] = [];
  const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, onFileChange: (e) => events.push(e) });
  cleanups.push(async () => {
    await service.close();
    await rm(ws.base, { recursive: true, force: true });
  });
  expect((await service.openWorkspace(ws.root)).ok).toBe(true);
  return { service, events, ...ws };
}

const settle = (ms = 700) => new Promise((r) => setTimeout(r, ms));
/** Waits (up to 5 s, for a loaded machine) until `events` has `n` entries, then a little more for extras. */
async function until(events: FileChangeEvent[], n: number): Promise<void> {
  for (let t = 0; t < 100 && events.length < n; t++) await settle(50);
  await settle(300);
}

describe('workspace watcher', () => {
  it('reports external add, change and unlink, and nothing for the initial scan', async () => {
    const { root, events } = await watched();
    await settle(200);
    expect(events).toEqual([]);
    await writeFile(join(root, 'crews', 'new.yaml'), 'kind: crew\n');
    await until(events, 1);
    await writeFile(join(root, 'crews', 'new.yaml'), 'kind: crew\nid: x\n');
    await until(events, 2);
    await unlink(join(root, 'crews', 'new.yaml'));
    await until(events, 3);
    expect(events).toEqual([
      { kind: 'add', path: 'crews/new.yaml' },
      { kind: 'change', path: 'crews/new.yaml' },
      { kind: 'unlink', path: 'crews/new.yaml' },
    ]);
  });

  it('an editor saving by rename (write temp, rename over) is one change', async () => {
    const { root, events } = await watched();
    await settle(200);
    const tmp = join(root, 'crews', 'iron-choir.yaml.swp~');
    await writeFile(tmp, 'kind: crew\nid: renamed\n');
    await rename(tmp, join(root, 'crews', 'iron-choir.yaml'));
    await until(events, 1);
    expect(events).toEqual([{ kind: 'change', path: 'crews/iron-choir.yaml' }]);
  });

  it('an editor saving by delete + recreate is one change', async () => {
    const { root, events } = await watched();
    await settle(200);
    await unlink(join(root, 'crews', 'iron-choir.yaml'));
    await writeFile(join(root, 'crews', 'iron-choir.yaml'), 'kind: crew\nid: recreated\n');
    await until(events, 1);
    expect(events).toEqual([{ kind: 'change', path: 'crews/iron-choir.yaml' }]);
  });

  it("does not echo the app's own writes and deletes", async () => {
    const { service, events } = await watched();
    await settle(200);
    expect((await service.writeFile('crews/iron-choir.yaml', 'kind: crew\nid: mine\n')).ok).toBe(true);
    expect((await service.writeFile('crews/brand-new.yaml', 'kind: crew\n')).ok).toBe(true);
    expect((await service.deleteFile('scenarios/foundry.yaml')).ok).toBe(true);
    await settle();
    expect(events).toEqual([]);
  });

  it('ignores non-YAML files, dot folders and node_modules', async () => {
    const { root, events } = await watched();
    await settle(200);
    await writeFile(join(root, 'notes.txt'), 'changed');
    await writeFile(join(root, '.hidden', 'skip.yaml'), 'changed');
    await writeFile(join(root, 'node_modules', 'x', 'skip.yaml'), 'changed');
    await settle();
    expect(events).toEqual([]);
  });
});
