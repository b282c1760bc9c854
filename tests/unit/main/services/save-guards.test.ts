import { chmod, mkdir, readdir, readFile, rename, rm, stat, symlink, utimes, writeFile, lstat } from 'node:fs/promises';
import { renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AtomicFs } from '../../../../src/main/services/atomic-write';
import { realFs } from '../../../../src/main/services/atomic-write';
import { sha256 } from '../../../../src/main/services/hash';
import { WorkspaceService } from '../../../../src/main/services/workspace';
import { fakeValidate, makeWorkspace } from '../helpers/workspace-fixture';

/** Issue 9 items 9–12: read-only files, symlinks on delete, symlink swaps mid-save, history temp files. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function openService(fs?: AtomicFs) {
  const ws = await makeWorkspace();
  const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, watch: false, fs });
  cleanups.push(async () => {
    await service.close();
    await rm(ws.base, { recursive: true, force: true });
  });
  expect((await service.openWorkspace(ws.root)).ok).toBe(true);
  return { service, ...ws };
}

const CREW = 'crews/iron-choir.yaml';

describe('read-only files (item 9)', () => {
  it('a save of a mode-444 file is refused with file/read-only (even as root); "Overwrite anyway" (unlock) saves and makes it writable', async () => {
    const { service, root } = await openService();
    const file = join(root, CREW);
    const before = await readFile(file, 'utf8');
    await chmod(file, 0o444);
    const read = await service.readFile(CREW);
    if (!read.ok) throw new Error(read.error.message);
    const refused = await service.writeFile(CREW, 'mine\n', { expectedHash: read.value.hash });
    expect(refused).toMatchObject({ ok: false, error: { code: 'file/read-only', path: CREW } });
    if (!refused.ok) expect(refused.error.message).toMatch(/crews\/iron-choir\.yaml.*read-only.*Overwrite anyway/);
    expect(await readFile(file, 'utf8')).toBe(before);
    expect((await stat(file)).mode & 0o777).toBe(0o444);
    // Keep mine (force) is about conflicts; it does not unlock.
    expect(await service.writeFile(CREW, 'mine\n', { force: true })).toMatchObject({ ok: false, error: { code: 'file/read-only' } });
    const unlocked = await service.writeFile(CREW, 'mine\n', { expectedHash: read.value.hash, unlock: true });
    expect(unlocked).toEqual({ ok: true, value: { hash: sha256('mine\n') } });
    expect(await readFile(file, 'utf8')).toBe('mine\n');
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    const versions = await service.listHistory(CREW);
    expect(versions.ok && versions.value.map((v) => v.hash)).toContain(sha256(before));
  });

  it('deleteFile refuses a read-only file with file/read-only and leaves it', async () => {
    const { service, root } = await openService();
    const file = join(root, CREW);
    await chmod(file, 0o400);
    expect(await service.deleteFile(CREW)).toMatchObject({ ok: false, error: { code: 'file/read-only' } });
    expect((await stat(file)).isFile()).toBe(true);
  });
});

describe('symlinks on delete (item 10)', () => {
  it('deleting a symlink inside the workspace removes the link itself, never its target', async () => {
    const { service, root } = await openService();
    const target = join(root, CREW);
    const before = await readFile(target, 'utf8');
    await symlink(target, join(root, 'crews', 'alias.yaml'));
    expect(await service.deleteFile('crews/alias.yaml')).toEqual({ ok: true, value: null });
    await expect(lstat(join(root, 'crews', 'alias.yaml'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await readFile(target, 'utf8')).toBe(before);
  });

  it('deleting a file inside a symlinked folder (inside the workspace) deletes that file', async () => {
    const { service, root } = await openService();
    await symlink(join(root, 'crews'), join(root, 'linked'));
    expect(await service.deleteFile('linked/iron-choir.yaml')).toEqual({ ok: true, value: null });
    await expect(stat(join(root, CREW))).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await lstat(join(root, 'linked'))).isSymbolicLink()).toBe(true);
  });
});

describe('a folder swapped for a symlink while saving (item 11)', () => {
  /**
   * An fs seam that, at its `n`-th call, moves `crews/` away and puts a symlink to a folder outside
   * the workspace in its place: the swap lands at every step of the save in turn. `swapped` is true
   * when the swap came before the save's rename (or unlink); a later one is done after the save.
   */
  const swappingFs = (root: string, outside: string, n: number): { fs: AtomicFs; swapped: () => boolean } => {
    let calls = 0;
    let committed = false;
    let swappedBeforeCommit = false;
    const swap = (): void => {
      if (calls++ !== n) return;
      swappedBeforeCommit = !committed;
      renameSync(join(root, 'crews'), join(root, 'crews-moved'));
      symlinkSync(outside, join(root, 'crews'));
    };
    const wrap = <K extends keyof AtomicFs>(key: K): AtomicFs[K] =>
      ((...args: unknown[]) => {
        swap();
        if (key === 'renameSync' || key === 'unlinkSync') committed = true;
        return (realFs[key] as (...a: unknown[]) => unknown)(...args);
      }) as AtomicFs[K];
    const fs = Object.fromEntries((Object.keys(realFs) as (keyof AtomicFs)[]).map((k) => [k, wrap(k)])) as unknown as AtomicFs;
    return { fs, swapped: () => swappedBeforeCommit };
  };

  it('at every step of a save, nothing is written outside the workspace and the original is intact', async () => {
    let swappedSaves = 0;
    let refusedAsMoved = 0;
    for (let n = 0; n < 12; n++) {
      const ws = await makeWorkspace();
      const outside = join(ws.base, 'outside');
      await mkdir(outside);
      await writeFile(join(outside, 'iron-choir.yaml'), 'OUTSIDE FILE\n');
      const seam = swappingFs(ws.root, outside, n);
      const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, watch: false, fs: seam.fs });
      expect((await service.openWorkspace(ws.root)).ok).toBe(true);
      const original = await readFile(join(ws.root, CREW), 'utf8');
      const r = await service.writeFile(CREW, 'mine\n');
      await service.close();
      expect(await readdir(outside), `swap at call ${n}`).toEqual(['iron-choir.yaml']);
      expect(await readFile(join(outside, 'iron-choir.yaml'), 'utf8'), `swap at call ${n}`).toBe('OUTSIDE FILE\n');
      if (seam.swapped()) {
        swappedSaves++;
        if (!r.ok && r.error.code === 'path/outside-workspace') refusedAsMoved++;
        // Caught by the re-check before the rename (path/outside-workspace), or, for a swap landing
        // between that check and the rename (only another process can), the rename finds no temp
        // file through the symlink and fails: either way the save is refused.
        expect(r.ok, `swap at call ${n}`).toBe(false);
        expect(await readFile(join(ws.root, 'crews-moved', 'iron-choir.yaml'), 'utf8')).toBe(original);
      }
      await rm(ws.base, { recursive: true, force: true });
    }
    expect(swappedSaves).toBeGreaterThan(2);
    expect(refusedAsMoved).toBeGreaterThan(0);
  });

  it('a delete whose folder was swapped for a symlink does not delete the file outside', async () => {
    const ws = await makeWorkspace();
    cleanups.push(() => rm(ws.base, { recursive: true, force: true }));
    const outside = join(ws.base, 'outside');
    await mkdir(outside);
    await writeFile(join(outside, 'iron-choir.yaml'), 'OUTSIDE FILE\n');
    const seam = swappingFs(ws.root, outside, 0);
    const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, watch: false, fs: seam.fs });
    expect((await service.openWorkspace(ws.root)).ok).toBe(true);
    const r = await service.deleteFile(CREW);
    await service.close();
    expect(seam.swapped()).toBe(true);
    expect(r).toMatchObject({ ok: false, error: { code: 'path/outside-workspace' } });
    expect(await readFile(join(outside, 'iron-choir.yaml'), 'utf8')).toBe('OUTSIDE FILE\n');
  });
});

describe('temp files left in the data folder by killed saves (item 12)', () => {
  it('stale temp files under history/ and drafts/ are removed when a workspace opens; young ones are kept', async () => {
    const ws = await makeWorkspace();
    cleanups.push(() => rm(ws.base, { recursive: true, force: true }));
    const versions = join(ws.dataDir, 'history', 'a'.repeat(24), 'b'.repeat(32));
    const drafts = join(ws.dataDir, 'drafts', 'a'.repeat(24));
    await mkdir(versions, { recursive: true });
    await mkdir(drafts, { recursive: true });
    const stale = [join(versions, `.000000000000001-000001-${'c'.repeat(64)}.yaml.0123456789ab.tmp`), join(drafts, `.${'d'.repeat(32)}.json.abcdef012345.tmp`)];
    const young = join(versions, `.000000000000002-000002-${'e'.repeat(64)}.yaml.ba9876543210.tmp`);
    const kept = join(versions, `000000000000003-000003-${'f'.repeat(64)}.yaml`);
    for (const f of [...stale, young, kept]) await writeFile(f, 'x');
    const old = new Date(Date.now() - 60 * 60 * 1000);
    for (const f of [...stale, kept]) await utimes(f, old, old);
    const service = new WorkspaceService({ dataDir: ws.dataDir, templatesDir: ws.base, validate: fakeValidate, watch: false });
    expect((await service.openWorkspace(ws.root)).ok).toBe(true);
    const exists = async (f: string): Promise<boolean> => stat(f).then(() => true, () => false);
    for (let i = 0; i < 100 && (await exists(stale[0])); i++) await new Promise((r) => setTimeout(r, 20));
    await service.close();
    for (const f of stale) expect(await exists(f), f).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await exists(kept)).toBe(true);
  });
});

describe('guarded renames keep working for ordinary saves', () => {
  it('a save into a new folder and a save through a symlinked folder inside the workspace both work', async () => {
    const { service, root } = await openService();
    expect((await service.writeFile('new/deep/x.yaml', 'kind: crew\n', { expectedHash: null })).ok).toBe(true);
    await rename(join(root, 'scenarios'), join(root, 'real-scenarios'));
    await symlink(join(root, 'real-scenarios'), join(root, 'scenarios'));
    expect((await service.writeFile('scenarios/foundry.yaml', 'kind: scenario\n')).ok).toBe(true);
    expect(await readFile(join(root, 'real-scenarios', 'foundry.yaml'), 'utf8')).toBe('kind: scenario\n');
  });
});
