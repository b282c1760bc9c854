/**
 * Several files written as one change, all or nothing (issue 10: a recorded battle edits the
 * campaign and every crew that fought). Every expected hash is checked first; every new text is
 * written to a temp file beside its target and fsynced; then, file by file, the target is re-read
 * right before its rename (an edit that landed meanwhile is a `file/conflict`) and renamed. When
 * anything fails, the targets already renamed get back the bytes read before, the remaining temp
 * files are removed, and the error names the file and the reason: nothing lands.
 */
import * as nodeFs from 'node:fs/promises';
import { dirname } from 'node:path';
import { err, ok } from '../../shared/result';
import type { Result } from '../../shared/result';
import type { AtomicFs } from './atomic-write';
import { realFs, tempNameFor } from './atomic-write';
import { saveError } from './fs-errors';
import { sha256 as sha } from './hash';

/** The file-system calls a transaction makes; tests inject failures. */
export interface TransactionFs extends AtomicFs {
  readFile: typeof nodeFs.readFile;
}

/** One file of a transaction. */
export interface TransactionChange {
  /** Absolute path of the target. */
  abs: string;
  /** Relative path, used in messages. */
  rel: string;
  text: string;
  /** Hash of the version the change was made from; null: the file must not exist yet. */
  expectedHash: string | null;
}

/** Options of {@link writeTransaction}. */
export interface TransactionOptions {
  fs?: TransactionFs;
  /**
   * Called once every check passed and every temp file is written, just before the first rename,
   * with the bytes each target holds (null: absent). History keeps them here.
   */
  beforeCommit?: (originals: (Buffer | null)[]) => Promise<void>;
}

async function readOrNull(fs: TransactionFs, abs: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(abs);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

const conflict = (rel: string, current: Buffer | null, expected: string | null, untouched: string): Result<never> => {
  const what = current === null ? 'was deleted on disk' : expected === null ? 'already exists on disk' : 'changed on disk since it was read';
  return err('file/conflict', `'${rel}' ${what}. Nothing was written: ${untouched}. Reload the changed file (or review it), then try again.`, rel);
};

async function writeTemp(fs: TransactionFs, target: string, data: Buffer): Promise<string> {
  let mode = 0o666;
  try {
    mode = (await fs.stat(target)).mode & 0o777;
  } catch {
    /* new file */
  }
  const temp = tempNameFor(target);
  const handle = await fs.open(temp, 'wx', mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw e;
  }
  await handle.close();
  return temp;
}

async function syncFolder(fs: TransactionFs, folder: string): Promise<void> {
  try {
    const dir = await fs.open(folder, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  } catch {
    /* not every platform can fsync a folder; renames are still atomic */
  }
}

/** Puts back the original bytes of targets already renamed; returns the files that could not be restored. */
async function restore(fs: TransactionFs, changes: readonly TransactionChange[], originals: readonly (Buffer | null)[], upTo: number): Promise<string[]> {
  const failed: string[] = [];
  for (let i = upTo - 1; i >= 0; i--) {
    const original = originals[i]!;
    try {
      if (original === null) await fs.rm(changes[i]!.abs, { force: true });
      else {
        const temp = await writeTemp(fs, changes[i]!.abs, original);
        await fs.rename(temp, changes[i]!.abs);
      }
    } catch {
      failed.push(changes[i]!.rel);
    }
  }
  return failed;
}

/**
 * Writes every change or none. Errors: `file/conflict` (a target differs from its expected hash,
 * before or during the commit), `transaction/duplicate-path`, and the save errors of `saveError`
 * (`file/disk-full`, `file/permission-denied`, `file/read-only`, …) naming the file that failed.
 * On success, the sha256 of each new text, in order.
 */
export async function writeTransaction(changes: readonly TransactionChange[], options: TransactionOptions = {}): Promise<Result<{ hashes: string[] }>> {
  const fs = options.fs ?? { ...realFs, readFile: nodeFs.readFile };
  const seen = new Set<string>();
  for (const c of changes) {
    if (seen.has(c.abs)) return err('transaction/duplicate-path', `'${c.rel}' appears twice in one change; give each file once.`, c.rel);
    seen.add(c.abs);
  }
  const untouched = changes.length === 1 ? 'the file is as it was' : `all ${changes.length} files (${changes.map((c) => `'${c.rel}'`).join(', ')}) are as they were`;
  const originals: (Buffer | null)[] = [];
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    let current: Buffer | null;
    try {
      current = await readOrNull(fs, c.abs);
    } catch (e) {
      return failure(c.rel, e, untouched);
    }
    if ((current === null ? null : sha(current)) !== c.expectedHash) return conflict(c.rel, current, c.expectedHash, untouched);
    originals.push(current);
  }
  const data = changes.map((c) => Buffer.from(c.text, 'utf8'));
  const temps: string[] = [];
  const dropTemps = async (from: number): Promise<void> => {
    for (const t of temps.slice(from)) await fs.rm(t, { force: true }).catch(() => undefined);
  };
  for (let i = 0; i < changes.length; i++) {
    try {
      temps.push(await writeTemp(fs, changes[i]!.abs, data[i]!));
    } catch (e) {
      await dropTemps(0);
      return failure(changes[i]!.rel, e, untouched);
    }
  }
  await options.beforeCommit?.(originals);
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i]!;
    let problem: Result<never> | null = null;
    try {
      const now = await readOrNull(fs, c.abs);
      const was = originals[i]!;
      if ((now === null) !== (was === null) || (now !== null && was !== null && !now.equals(was))) problem = conflict(c.rel, now, c.expectedHash, untouched);
      else await fs.rename(temps[i]!, c.abs);
    } catch (e) {
      problem = failure(c.rel, e, untouched);
    }
    if (problem) {
      await dropTemps(i);
      const lost = await restore(fs, changes, originals, i);
      if (lost.length === 0 || problem.ok) return problem;
      return err(problem.error.code, `${problem.error.message} Restoring ${lost.join(', ')} failed as well: take the previous version from the file's History.`, c.rel);
    }
  }
  for (const folder of new Set(changes.map((c) => dirname(c.abs)))) await syncFolder(fs, folder);
  return ok({ hashes: data.map(sha) });
}

function failure(rel: string, e: unknown, untouched: string): Result<never> {
  const base = saveError(rel, e);
  if (base.ok) return base;
  const reason = base.error.message.replace(/ The file on disk is unchanged and your edits are still in the editor\./, '');
  return err(base.error.code, `${reason} Nothing was written: ${untouched}.`, rel);
}
