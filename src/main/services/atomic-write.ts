import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The subset of `node:fs/promises` an atomic write uses; injectable so tests can simulate failures. */
export interface AtomicFs {
  open: typeof nodeFs.open;
  rename: typeof nodeFs.rename;
  rm: typeof nodeFs.rm;
  stat: typeof nodeFs.stat;
}

/** The real file system. */
export const realFs: AtomicFs = { open: nodeFs.open, rename: nodeFs.rename, rm: nodeFs.rm, stat: nodeFs.stat };

/** Options of `atomicWrite`. */
export interface AtomicWriteOptions {
  /** fsync the data and the folder (default true); drafts skip it to stay cheap. */
  fsync?: boolean;
  fs?: AtomicFs;
}

/** Name of the temporary file for `target`: a dot file in the same folder, so watchers and listings skip it. */
export const tempNameFor = (target: string): string =>
  join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);

/** True for the temporary files `atomicWrite` creates (left behind only by a crash mid-save). */
export const isAtomicTemp = (name: string): boolean => /^\..+\.[0-9a-f]{12}\.tmp$/.test(basename(name));

/**
 * Writes `data` to `target` atomically: a temp file in the same folder, written in full, fsynced,
 * then renamed over the target (and the folder fsynced). Guarantees that a reader, or the disk after
 * a crash, sees either the old bytes or the new bytes, never a mix. On failure the temp file is
 * removed, the target is untouched and the Node error (with its `code`, e.g. ENOSPC) is thrown.
 */
export async function atomicWrite(target: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const fs = options.fs ?? realFs;
  const fsync = options.fsync ?? true;
  let mode = 0o666;
  try {
    mode = (await fs.stat(target)).mode & 0o777;
  } catch {
    /* new file: default mode (umask applies) */
  }
  const temp = tempNameFor(target);
  let handle: nodeFs.FileHandle | undefined;
  try {
    handle = await fs.open(temp, 'wx', mode);
    await handle.writeFile(data);
    if (fsync) await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(temp, target);
  } catch (e) {
    if (handle) await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  if (fsync) await syncFolder(dirname(target), fs);
}

async function syncFolder(folder: string, fs: AtomicFs): Promise<void> {
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
