import { lstat, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';

/** Longest relative path the renderer may send. */
export const MAX_PATH_LENGTH = 1024;

/** A renderer path resolved inside the workspace root. */
export interface ResolvedPath {
  /** Canonical relative path, `/`-separated, exactly as the renderer sent it. */
  rel: string;
  /** Absolute path on disk, symlinks followed (for a missing file: its real parent + name). */
  abs: string;
}

const outside = (path: string, why: string): Result<never> =>
  err(
    'path/outside-workspace',
    `Path '${path.slice(0, 200)}' is refused: ${why}. Use a path relative to the workspace root, with '/' separators and no '..'.`,
    path.slice(0, 200),
  );

/**
 * Checks the spelling of a renderer path without touching the disk: a non-empty relative path,
 * `/`-separated, with no `..`, `.` or empty segments, no NUL, no backslash, no drive letter and
 * no percent-encoded separator or dot. Anything accepted here can only name something below the root
 * (before symlinks, which `resolveInside` checks).
 */
export function checkRelativePath(path: unknown): Result<string> {
  if (typeof path !== 'string') return outside(String(path), 'it is not a string');
  if (path.length === 0) return outside(path, 'it is empty');
  if (path.length > MAX_PATH_LENGTH) return outside(path, `it is longer than ${MAX_PATH_LENGTH} characters`);
  if (path.includes('\0')) return outside(path, 'it contains a NUL byte');
  if (path.includes('\\')) return outside(path, "it contains a backslash ('\\')");
  if (/%(2f|5c|2e|00)/i.test(path)) return outside(path, 'it contains a percent-encoded separator, dot or NUL');
  if (path.startsWith('/') || isAbsolute(path) || /^[a-zA-Z]:/.test(path)) return outside(path, 'it is absolute');
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') {
      return outside(path, `it has a '${segment === '' ? '//' : segment}' segment`);
    }
  }
  return ok(path);
}

const isInside = (root: string, candidate: string): boolean => {
  if (candidate === root) return true;
  const rel = relative(root, candidate);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** Real path of `abs`, or of its nearest existing ancestor joined with the missing tail. */
async function realOrParent(abs: string): Promise<string | null> {
  const tail: string[] = [];
  let current = abs;
  for (;;) {
    try {
      const real = await realpath(current);
      return tail.length === 0 ? real : join(real, ...tail.reverse());
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return null;
      // A dangling symlink must not be followed later by a write: refuse it.
      try {
        const info = await lstat(current);
        if (info.isSymbolicLink()) return null;
      } catch {
        /* missing: keep walking up */
      }
      const parent = join(current, '..');
      if (parent === current) return null;
      tail.push(current.slice(parent.length).replace(/^[\\/]+/, ''));
      current = parent;
    }
  }
}

/**
 * Resolves a renderer path inside `root` (which must already be a real path), following symlinks.
 * Guarantees: on success `abs` is `root` or lies below it on disk; otherwise an error with code
 * `path/outside-workspace` naming the path and the fix.
 */
export async function resolveInside(root: string, path: unknown): Promise<Result<ResolvedPath>> {
  const checked = checkRelativePath(path);
  if (!checked.ok) return checked;
  const rel = checked.value;
  const joined = join(root, ...rel.split('/'));
  if (!isInside(root, joined)) return outside(rel, 'it leaves the workspace folder');
  const real = await realOrParent(joined);
  if (real === null) return outside(rel, 'it goes through a broken symbolic link or an unreadable folder');
  if (!isInside(root, real)) return outside(rel, 'a symbolic link leads outside the workspace folder');
  return ok({ rel, abs: real });
}

/** Converts an absolute path below `root` to the `/`-separated relative form the Api uses. */
export const toRelative = (root: string, abs: string): string => relative(root, abs).split(sep).join('/');
