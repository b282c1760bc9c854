import { lstat, readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics';
import { err, ok } from '../../shared/result';
import type { Result } from '../../shared/result';
import { MAX_FILE_BYTES } from '../../shared/validation/limits';

/** One workspace file: its relative `/` path and its UTF-8 text. */
export interface WorkspaceFileText {
  path: string;
  text: string;
}

/** The readable YAML files of a workspace, plus diagnostics for the ones that could not be read. */
export interface WorkspaceFiles {
  files: WorkspaceFileText[];
  /** `file-too-large` (size cap checked before reading) and `file-unreadable`, one per file. */
  diagnostics: Diagnostic[];
  /** How many YAML files were found, readable or not. */
  count: number;
}

const isYaml = (name: string): boolean => /\.ya?ml$/i.test(name);
const skipDir = (name: string): boolean => name === 'node_modules' || name.startsWith('.');
const whole = (file: string, code: Diagnostic['code'], message: string): Diagnostic => ({
  file, line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error', code, message,
});

/**
 * Reads every `*.yaml` / `*.yml` below `root` (skipping `node_modules` and dot-folders, not
 * following symlinked folders), sorted by relative path. Files above MAX_FILE_BYTES are not
 * read; unreadable ones become diagnostics. Invalid UTF-8 is decoded with U+FFFD so the
 * loader reports it. Fails only when `root` is missing or not a folder.
 */
export async function readWorkspaceFiles(root: string): Promise<Result<WorkspaceFiles>> {
  try {
    const st = await stat(root);
    if (!st.isDirectory()) return err('file/not-a-folder', `'${root}' is not a folder; pass the folder that holds mortisphere.yaml`, root);
  } catch {
    return err('file/not-found', `'${root}' does not exist or cannot be read; pass the folder that holds mortisphere.yaml`, root);
  }
  const found: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const queue: string[] = [''];
  while (queue.length) {
    const rel = queue.shift()!;
    let entries;
    try {
      entries = await readdir(join(root, rel), { withFileTypes: true });
    } catch (e) {
      diagnostics.push(whole(rel || '.', 'file-unreadable', `folder '${rel || '.'}' cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}); check its permissions`));
      continue;
    }
    for (const entry of entries) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skipDir(entry.name)) queue.push(path);
      } else if ((entry.isFile() || entry.isSymbolicLink()) && isYaml(entry.name)) {
        found.push(path);
      }
    }
  }
  found.sort();
  const files: WorkspaceFileText[] = [];
  for (const path of found) {
    const abs = join(root, path);
    try {
      const link = await lstat(abs);
      const st = link.isSymbolicLink() ? await stat(abs) : link;
      if (!st.isFile()) continue;
      if (st.size > MAX_FILE_BYTES) {
        diagnostics.push(whole(path, 'file-too-large', `${path} is ${(st.size / 1048576).toFixed(1)} MiB, above the ${MAX_FILE_BYTES / 1048576} MiB limit; split it into smaller documents`));
        continue;
      }
      const bytes = await readFile(abs);
      files.push({ path, text: new TextDecoder('utf-8').decode(bytes) });
    } catch (e) {
      diagnostics.push(whole(path, 'file-unreadable', `${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}); check that it exists and is readable`));
    }
  }
  return ok({ files, diagnostics, count: found.length });
}
