import type { Result } from '../../shared/result';
import { err } from '../../shared/result';

/**
 * Turns a Node fs error from saving `rel` into a clear error value; the message says the file on disk
 * is unchanged (atomic writes guarantee it) and what to do.
 */
export function saveError(rel: string, e: unknown): Result<never> {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const unchanged = 'The file on disk is unchanged and your edits are still in the editor.';
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return err('file/disk-full', `Could not save '${rel}': the disk is full. ${unchanged} Free some space, then save again.`, rel);
    case 'EACCES':
    case 'EPERM':
      return err('file/permission-denied', `Could not save '${rel}': permission denied. ${unchanged} Check that you may write to this folder (or that the file is not locked), then save again.`, rel);
    case 'EROFS':
      return err('file/read-only', `Could not save '${rel}': the folder is on a read-only file system. ${unchanged} Copy the workspace somewhere writable to edit it.`, rel);
    case 'EISDIR':
      return err('file/is-folder', `Could not save '${rel}': a folder has that name. Choose another file name.`, rel);
    default:
      return err('file/write-failed', `Could not save '${rel}' (${code ?? String(e)}). ${unchanged} Try again, or save under another name.`, rel);
  }
}

/** Turns a Node fs error from reading `rel` into an error value (`file/not-found`, `file/read-failed`). */
export function readError(rel: string, e: unknown): Result<never> {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return err('file/not-found', `'${rel}' does not exist in the workspace (it may have been moved or deleted). Refresh the explorer.`, rel);
  if (code === 'EISDIR') return err('file/is-folder', `'${rel}' is a folder, not a document.`, rel);
  if (code === 'EACCES' || code === 'EPERM') return err('file/permission-denied', `Could not read '${rel}': permission denied. Check the file's permissions.`, rel);
  return err('file/read-failed', `Could not read '${rel}' (${code ?? String(e)}). Check the file and try again.`, rel);
}
