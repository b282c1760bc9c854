import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listYamlPaths, removeStaleTemps, summarise } from '../../../../src/main/services/scan';
import { makeWorkspace } from '../helpers/workspace-fixture';

let base: string;
let root: string;
beforeAll(async () => {
  ({ base, root } = await makeWorkspace());
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('scan', () => {
  it('lists YAML documents only, sorted, without dot folders or node_modules', async () => {
    expect(await listYamlPaths(root)).toEqual(['crews/iron-choir.yaml', 'mortisphere.yaml', 'scenarios/foundry.yaml']);
  });

  it('summarises kind, id and name, and never throws on junk', () => {
    expect(summarise('a.yaml', 'kind: crew\nid: x\nname: X\n')).toEqual({ path: 'a.yaml', kind: 'crew', id: 'x', name: 'X' });
    expect(summarise('a.yaml', 'kind: dragon\nid: x\n')).toEqual({ path: 'a.yaml', kind: null, id: 'x', name: null });
    for (const junk of ['{', '- a\n- b', '', 'a: &x [*x]', '['.repeat(5000)]) {
      expect(summarise('a.yaml', junk).kind).toBeNull();
    }
  });

  it('removes only stale temp files left by a killed save', async () => {
    const dir = join(root, 'crews');
    await mkdir(dir, { recursive: true });
    const old = join(dir, '.iron-choir.yaml.0123456789ab.tmp');
    const fresh = join(dir, '.iron-choir.yaml.ba9876543210.tmp');
    await writeFile(old, 'half');
    await writeFile(fresh, 'half');
    const past = new Date(Date.now() - 60 * 60 * 1000);
    await utimes(old, past, past);
    expect(await removeStaleTemps(root)).toBe(1);
    const left = await readdir(dir);
    expect(left).toContain('.iron-choir.yaml.ba9876543210.tmp');
    expect(left).not.toContain('.iron-choir.yaml.0123456789ab.tmp');
    expect(left).toContain('iron-choir.yaml');
  });
});
