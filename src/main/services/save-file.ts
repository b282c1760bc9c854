import { lstat, mkdir, readFile, realpath } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { WriteOptions } from '../../shared/api';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';
import type { AtomicFs } from './atomic-write';
import { atomicWrite, guardedRemove, isReadOnlyMode, realFs, SaveGuardError } from './atomic-write';
import { readError, saveError } from './fs-errors';
import { sha256 } from './hash';
import type { HistoryStore } from './history';
import { resolveInside } from './paths';

/**
 * The save-path protections of one workspace file, shared by `writeFile`, `deleteFile` and the
 * multi-file write: read-only refusal, history of exactly the bytes replaced, the last-moment
 * compare and folder re-check (atomic-write.ts's guard), symlinks removed as links.
 */

/** How many times a forced save or a delete re-reads a file that keeps changing before giving up. */
export const MAX_SAVE_ATTEMPTS = 3;

/** One workspace file being saved or deleted. */
export interface SaveTarget {
  /** Real workspace root. */
  root: string;
  /** Relative `/` path, as the renderer sent it. */
  rel: string;
  /** Real absolute path (symlinks followed; for a new file, real parent + name). */
  abs: string;
  history: HistoryStore;
  fs?: AtomicFs;
}

/** What is on disk at a path now: its bytes and permission bits, or nulls when there is no file. */
export interface DiskState {
  bytes: Buffer | null;
  mode: number | null;
}

/** True when `a` and `b` are the same bytes (both null: both missing). */
export const sameBytes = (a: Buffer | null, b: Buffer | null): boolean => (a === null || b === null ? a === b : a.equals(b));

/**
 * The bytes and mode at the real path `abs` (nulls when missing); throws the Node error otherwise
 * (e.g. EISDIR), or `SaveGuardError('folder-moved')` when a symlink has appeared there.
 */
export async function readDiskState(abs: string): Promise<DiskState> {
  try {
    const info = await lstat(abs);
    if (info.isDirectory()) throw Object.assign(new Error(`'${abs}' is a folder`), { code: 'EISDIR' });
    // `abs` was resolved to a real path: a symlink here now was swapped in since.
    if (info.isSymbolicLink()) throw new SaveGuardError('folder-moved');
    return { bytes: await readFile(abs), mode: info.mode & 0o777 };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { bytes: null, mode: null };
    throw e;
  }
}

/** `file/conflict`: the disk is not the version the user edited. */
export const conflictError = (rel: string, what = 'changed on disk since you opened it'): Result<never> =>
  err('file/conflict', `'${rel}' ${what}. Choose 'Reload' to take the version on disk (your edits are lost), or 'Keep mine' to overwrite it with your version.`, rel);

/** `file/read-only`: the file's permissions forbid writing (checked on the mode bits: root ignores access(2)). */
export const readOnlyError = (rel: string, action: 'save' | 'delete'): Result<never> =>
  err(
    'file/read-only',
    action === 'save'
      ? `'${rel}' is read-only on disk (its permissions do not allow writing), so it was not saved. Choose 'Overwrite anyway' to make it writable and save, or save your text under another name.`
      : `'${rel}' is read-only on disk (its permissions do not allow writing), so it was not deleted. Make it writable first if you really want to delete it.`,
    rel,
  );

/** `path/outside-workspace`: a folder on the way changed into a symlink (or moved) while saving. */
export const folderMovedError = (rel: string): Result<never> =>
  err('path/outside-workspace', `'${rel}' was not saved: a folder on its path was moved or replaced by a symbolic link while saving, so the write could have landed outside the workspace. The file is unchanged; check the folder, then save again.`, rel);

/**
 * Creates the folder of `abs` if needed and returns its real path, which must be `dirname(abs)`
 * (whose parts are already real) and inside `root`; `folder-moved` otherwise.
 */
export async function prepareFolder(abs: string): Promise<string> {
  const folder = dirname(abs);
  await mkdir(folder, { recursive: true });
  let real: string;
  try {
    real = await realpath(folder);
  } catch {
    throw new SaveGuardError('folder-moved');
  }
  if (real !== folder) throw new SaveGuardError('folder-moved');
  return folder;
}

/**
 * Saves `text` to one workspace file (the Api's `writeFile`). In order: the `expectedHash` check
 * (unless `force`), the read-only refusal (unless `unlock`, which adds the owner write bit as VS
 * Code's "Overwrite" does), the bytes about to be replaced recorded in the history, the temp file,
 * then — synchronously, right before the rename — the folder re-check and a re-read compared with
 * the recorded bytes. When the disk changed meanwhile: `file/conflict` for a checked save; a forced
 * save records the new bytes and tries again. Returns the hash of the saved bytes.
 */
export async function saveFile(target: SaveTarget, text: string, options: WriteOptions = {}): Promise<Result<{ hash: string }>> {
  const { root, rel, abs, history } = target;
  const fs = target.fs ?? realFs;
  const bytes = Buffer.from(text, 'utf8');
  const checked = !options.force && options.expectedHash !== undefined;
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
    let before: DiskState;
    try {
      before = await readDiskState(abs);
    } catch (e) {
      return e instanceof SaveGuardError ? folderMovedError(rel) : saveError(rel, e);
    }
    if (checked && (before.bytes === null ? null : sha256(before.bytes)) !== options.expectedHash) {
      return conflictError(rel, before.bytes === null ? 'was deleted on disk' : options.expectedHash === null ? 'already exists on disk' : undefined);
    }
    if (before.mode !== null && isReadOnlyMode(before.mode) && !options.unlock) return readOnlyError(rel, 'save');
    if (before.bytes !== null) await history.record(root, rel, before.bytes);
    try {
      const folder = await prepareFolder(abs);
      const mode = options.unlock && before.mode !== null ? before.mode | 0o200 : undefined;
      await atomicWrite(abs, bytes, { fs, folder, mode, mayReplace: (current) => sameBytes(current, before.bytes) });
    } catch (e) {
      if (!(e instanceof SaveGuardError)) return saveError(rel, e);
      if (e.reason === 'folder-moved') return folderMovedError(rel);
      if (checked) return conflictError(rel, e.current === null ? 'was deleted on disk' : before.bytes === null ? 'already exists on disk' : undefined);
      continue;
    }
    await history.record(root, rel, bytes);
    return ok({ hash: sha256(bytes) });
  }
  return conflictError(rel, 'kept changing on disk while saving');
}

/**
 * Deletes one workspace file (the Api's `deleteFile`). A symbolic link is removed itself, never
 * what it points to. A file is refused when read-only (`file/read-only`); otherwise exactly its bytes
 * go to the history, and right before the unlink the folder is re-checked and the file re-read
 * (a change meanwhile is recorded too, then the delete is retried).
 */
export async function deleteFile(target: Omit<SaveTarget, 'abs'>): Promise<Result<null>> {
  const { root, rel, history } = target;
  const fs = target.fs ?? realFs;
  const parentRel = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const parent = parentRel === '' ? ok({ rel: '', abs: root }) : await resolveInside(root, parentRel);
  if (!parent.ok) return parent;
  const path = join(parent.value.abs, basename(rel));
  for (let attempt = 0; attempt < MAX_SAVE_ATTEMPTS; attempt++) {
    let before: DiskState;
    try {
      const info = await lstat(path);
      if (info.isSymbolicLink()) {
        guardedRemove(path, { folder: parent.value.abs }, fs);
        return ok(null);
      }
      before = await readDiskState(path);
    } catch (e) {
      if (e instanceof SaveGuardError) return folderMovedError(rel);
      return (e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'EISDIR' ? readError(rel, e) : saveError(rel, e);
    }
    if (before.bytes === null) return readError(rel, Object.assign(new Error('missing'), { code: 'ENOENT' }));
    if (before.mode !== null && isReadOnlyMode(before.mode)) return readOnlyError(rel, 'delete');
    await history.record(root, rel, before.bytes);
    try {
      guardedRemove(path, { folder: parent.value.abs, mayReplace: (current) => sameBytes(current, before.bytes) }, fs);
      return ok(null);
    } catch (e) {
      if (!(e instanceof SaveGuardError)) return saveError(rel, e);
      if (e.reason === 'folder-moved') return folderMovedError(rel);
      if (e.current === null) return readError(rel, Object.assign(new Error('missing'), { code: 'ENOENT' }));
    }
  }
  return conflictError(rel, 'kept changing on disk while deleting it');
}
