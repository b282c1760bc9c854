import { randomBytes } from 'node:crypto';
import * as nodeFsSync from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// This module imports nothing but Node, so the kill-mid-save test can run it in a bare child process.

/**
 * The subset of the file system an atomic write uses; injectable so tests can simulate failures
 * and races. The `…Sync` calls are the commit step's: the last check of the disk and the rename
 * run with no other JavaScript in between.
 */
export interface AtomicFs {
  open: typeof nodeFs.open;
  rename: typeof nodeFs.rename;
  rm: typeof nodeFs.rm;
  stat: typeof nodeFs.stat;
  readFileSync: typeof nodeFsSync.readFileSync;
  renameSync: typeof nodeFsSync.renameSync;
  realpathSync: typeof nodeFsSync.realpathSync;
  unlinkSync: typeof nodeFsSync.unlinkSync;
}

/** The real file system. */
export const realFs: AtomicFs = {
  open: nodeFs.open,
  rename: nodeFs.rename,
  rm: nodeFs.rm,
  stat: nodeFs.stat,
  readFileSync: nodeFsSync.readFileSync,
  renameSync: nodeFsSync.renameSync,
  realpathSync: nodeFsSync.realpathSync,
  unlinkSync: nodeFsSync.unlinkSync,
};

/** Why a guarded commit refused to touch the target. */
export type GuardReason = 'conflict' | 'folder-moved';

/**
 * Thrown by `commitTemp` / `guardedRemove` (and so by `atomicWrite`) when the last check before
 * the rename or unlink fails: the target changed (`conflict`, with the bytes now on disk) or its
 * folder no longer is the real folder it was resolved to (`folder-moved`: a symlink swap).
 */
export class SaveGuardError extends Error {
  constructor(
    readonly reason: GuardReason,
    /** The bytes on disk at the moment of the check (null: no file); for `conflict`. */
    readonly current: Buffer | null = null,
  ) {
    super(reason === 'conflict' ? 'the file changed on disk during the save' : 'a folder on the way was moved or replaced by a symbolic link during the save');
  }
}

/** Checks made right before the rename (or unlink), all synchronously. */
export interface CommitGuard {
  /** Real path the target's folder must still resolve to (a swapped-in symlink is refused). */
  folder?: string;
  /** Given the bytes on disk now (null: no file), whether they may be replaced or removed. */
  mayReplace?: (current: Buffer | null) => boolean;
}

/** Options of `atomicWrite`. */
export interface AtomicWriteOptions extends CommitGuard {
  /** fsync the data and the folder (default true); drafts skip it to stay cheap. */
  fsync?: boolean;
  /** Permission bits of the new file (default: those of the file replaced, or 0o666 minus umask). */
  mode?: number;
  fs?: AtomicFs;
}

/** Name of the temporary file for `target`: a dot file in the same folder, so watchers and listings skip it. */
export const tempNameFor = (target: string): string =>
  join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);

/** True for the temporary files `atomicWrite` creates (left behind only by a crash mid-save). */
export const isAtomicTemp = (name: string): boolean => /^\..+\.[0-9a-f]{12}\.tmp$/.test(basename(name));

/** True when permission bits say the file is read-only (no owner write bit; what VS Code calls "locked"). */
export const isReadOnlyMode = (mode: number): boolean => (mode & 0o200) === 0;

/** The bytes at `path` now (null when there is no file), read synchronously. */
export function readCurrentSync(path: string, fs: AtomicFs = realFs): Buffer | null {
  try {
    return fs.readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Throws `SaveGuardError('folder-moved')` unless `dir` still resolves to `expected` (synchronous). */
export function checkFolderSync(dir: string, expected: string, fs: AtomicFs = realFs): void {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    throw new SaveGuardError('folder-moved');
  }
  if (real !== expected) throw new SaveGuardError('folder-moved');
}

/** Runs the guard's checks on `target` synchronously; throws `SaveGuardError` when one fails. */
function checkGuardSync(target: string, guard: CommitGuard, fs: AtomicFs): void {
  if (guard.folder !== undefined) checkFolderSync(dirname(target), guard.folder, fs);
  if (guard.mayReplace) {
    const current = readCurrentSync(target, fs);
    if (!guard.mayReplace(current)) throw new SaveGuardError('conflict', current);
  }
}

/**
 * Step 1 of an atomic write: writes `data` in full to a new temp file beside `target` (fsynced
 * unless `fsync: false`) and returns its path. On failure nothing is left behind and the Node error
 * is thrown.
 */
export async function writeTemp(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<string> {
  const fs = options.fs ?? realFs;
  let mode = options.mode ?? 0o666;
  if (options.mode === undefined) {
    try {
      mode = (await fs.stat(target)).mode & 0o777;
    } catch {
      /* new file: default mode (umask applies) */
    }
  }
  const temp = tempNameFor(target);
  let handle: nodeFs.FileHandle | undefined;
  try {
    handle = await fs.open(temp, 'wx', mode);
    await handle.writeFile(data);
    if (options.fsync ?? true) await handle.sync();
    await handle.close();
    handle = undefined;
    return temp;
  } catch (e) {
    if (handle) await handle.close().catch(() => undefined);
    await discardTemp(temp, fs);
    throw e;
  }
}

/**
 * Step 2: the guard's checks, then the rename of `temp` over `target`, in one synchronous block so
 * no other code of this process can change the disk between the last check and the rename. Throws
 * `SaveGuardError` (the temp file is left for the caller to discard) or the Node error.
 */
export function commitTemp(temp: string, target: string, guard: CommitGuard = {}, fs: AtomicFs = realFs): void {
  checkGuardSync(target, guard, fs);
  fs.renameSync(temp, target);
}

/** Removes a temp file written by `writeTemp`; never throws. */
export async function discardTemp(temp: string, fs: AtomicFs = realFs): Promise<void> {
  await fs.rm(temp, { force: true }).catch(() => undefined);
}

/**
 * Writes `data` to `target` atomically: a temp file in the same folder, written in full, fsynced,
 * then renamed over the target (and the folder fsynced). Guarantees that a reader, or the disk after
 * a crash, sees either the old bytes or the new bytes, never a mix. With a guard, its checks run right
 * before the rename (`SaveGuardError` when one fails). On failure the temp file is removed, the target
 * is untouched and the error (a Node one has its `code`, e.g. ENOSPC) is thrown.
 */
export async function atomicWrite(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const fs = options.fs ?? realFs;
  const temp = await writeTemp(target, data, options);
  try {
    commitTemp(temp, target, options, fs);
  } catch (e) {
    await discardTemp(temp, fs);
    throw e;
  }
  if (options.fsync ?? true) await syncFolder(dirname(target), fs);
}

/**
 * Removes `target` (a file, or a symbolic link itself, never what it points to) after the guard's
 * checks, synchronously with them. Throws `SaveGuardError` or the Node error.
 */
export function guardedRemove(target: string, guard: CommitGuard = {}, fs: AtomicFs = realFs): void {
  checkGuardSync(target, guard, fs);
  fs.unlinkSync(target);
}

/** fsyncs a folder so a rename in it survives a crash; a no-op where folders cannot be synced. */
export async function syncFolder(folder: string, fs: AtomicFs = realFs): Promise<void> {
  try {
    const dir = await fs.open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* some platforms (Windows) cannot fsync a folder; the rename is still atomic */
  }
}
