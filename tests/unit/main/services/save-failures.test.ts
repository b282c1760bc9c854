import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AtomicFs } from '../../../../src/main/services/atomic-write';
import { isAtomicTemp, realFs } from '../../../../src/main/services/atomic-write';
import { WorkspaceService } from '../../../../src/main/services/workspace';
import { fakeValidate } from '../helpers/workspace-fixture';

/**
 * Disk-full, read-only and permission-denied saves. As root on Linux these use a real 64 KiB tmpfs,
 * a read-only tmpfs and `chattr +i`; elsewhere an injected fs fails with the same error codes.
 */
const run = (cmd: string, args: string[]): boolean => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

let base: string;
const mounts: string[] = [];
const immutable: string[] = [];
const ORIGINAL = 'kind: crew\nschemaVersion: 1\nid: a\nname: A\n';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ms-fail-')));
});
afterAll(async () => {
  for (const p of immutable) run('chattr', ['-i', p]);
  for (const m of mounts.reverse()) run('umount', [m]);
  await rm(base, { recursive: true, force: true });
});

async function workspaceIn(root: string): Promise<void> {
  await mkdir(join(root, 'crews'), { recursive: true });
  await writeFile(join(root, 'mortisphere.yaml'), 'kind: workspace\nschemaVersion: 1\nname: W\n');
  await writeFile(join(root, 'crews', 'a.yaml'), ORIGINAL);
}

async function service(root: string, fs?: AtomicFs): Promise<WorkspaceService> {
  const s = new WorkspaceService({ dataDir: join(base, `data-${Math.random()}`), templatesDir: base, validate: fakeValidate, watch: false, fs });
  expect((await s.openWorkspace(root)).ok).toBe(true);
  return s;
}

/** An fs whose writes fail with `code`. */
const failingFs = (code: string): AtomicFs => ({
  ...realFs,
  open: (async (path: string, flags?: string) => {
    if (flags === 'wx') throw Object.assign(new Error(code), { code });
    return realFs.open(path, flags);
  }) as unknown as typeof realFs.open,
});

async function expectIntact(root: string): Promise<void> {
  expect(await readFile(join(root, 'crews', 'a.yaml'), 'utf8')).toBe(ORIGINAL);
  expect((await readdir(join(root, 'crews'))).filter(isAtomicTemp)).toEqual([]);
}

describe('saves that cannot complete leave the original intact', () => {
  it('disk full (ENOSPC) → file/disk-full', async () => {
    const root = join(base, 'full');
    await mkdir(root);
    const mounted = run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', root]);
    if (mounted) mounts.push(root);
    await workspaceIn(root);
    const s = await service(root, mounted ? undefined : failingFs('ENOSPC'));
    const r = await s.writeFile('crews/a.yaml', 'x'.repeat(512 * 1024));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/disk-full');
      expect(r.error.message).toMatch(/crews\/a\.yaml.*disk is full.*unchanged.*Free some space/);
    }
    await expectIntact(root);
    await s.close();
  });

  it('read-only file system (EROFS) → file/read-only', async () => {
    const root = join(base, 'ro');
    await mkdir(root);
    const mounted = run('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', root]);
    if (mounted) mounts.push(root);
    await workspaceIn(root);
    const remounted = mounted && run('mount', ['-o', 'remount,ro', root]);
    const s = await service(root, remounted ? undefined : failingFs('EROFS'));
    const r = await s.writeFile('crews/a.yaml', 'new');
    expect(!r.ok && r.error.code).toBe('file/read-only');
    await expectIntact(root);
    await s.close();
  });

  it('permission denied (immutable folder, EPERM) → file/permission-denied', async () => {
    const root = join(base, 'perm');
    await workspaceIn(root);
    const locked = run('chattr', ['+i', join(root, 'crews')]);
    if (locked) immutable.push(join(root, 'crews'));
    const s = await service(root, locked ? undefined : failingFs('EACCES'));
    const r = await s.writeFile('crews/a.yaml', 'new');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('file/permission-denied');
      expect(r.error.message).toMatch(/crews\/a\.yaml.*permission denied/);
    }
    await expectIntact(root);
    await s.close();
  });

  it('EACCES from the fs (what a non-root user gets) → file/permission-denied', async () => {
    const root = join(base, 'eacces');
    await workspaceIn(root);
    const s = await service(root, failingFs('EACCES'));
    const r = await s.writeFile('crews/a.yaml', 'new');
    expect(!r.ok && r.error.code).toBe('file/permission-denied');
    await expectIntact(root);
    await s.close();
  });
});
