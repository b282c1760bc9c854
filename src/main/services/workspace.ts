import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics';
import type { Draft, DocumentEntry, DocumentTexts, FileChangeEvent, FileContent, FileWrite, HistoryVersion, WorkspaceInfo, WriteOptions } from '../../shared/api';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';
import type { AtomicFs } from './atomic-write';
import { DraftStore } from './drafts';
import { readError } from './fs-errors';
import { sha256 } from './hash';
import { HistoryStore } from './history';
import type { ResolvedPath } from './paths';
import { resolveInside } from './paths';
import { RecentStore } from './recent';
import { deleteFile, saveFile } from './save-file';
import { listYamlPaths, removeStaleTemps, summarise } from './scan';
import type { Template } from './templates';
import { loadTemplates } from './templates';
import { WorkspaceWatcher } from './watcher';
import { writeTransaction } from './write-transaction';
import type { TransactionChange } from './write-transaction';
import { readWorkspaceFiles } from './workspace-files';
import { compareDiagnostics } from '../../shared/validation/workspace-validator';

/** Largest file the service reads or writes, in bytes. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** The manifest every workspace root contains. */
export const MANIFEST = 'mortisphere.yaml';

/** Dependencies of a `WorkspaceService`; all folders are injected so tests use temp dirs. */
export interface WorkspaceServiceOptions {
  /** App data folder: history, drafts, recent workspaces. */
  dataDir: string;
  /** Folder of new-document templates (`resources/templates`). */
  templatesDir: string;
  /** Validates a whole workspace (the project validator, `validateFiles`; in a worker thread in the hosts). */
  validate: (files: { path: string; text: string }[]) => Diagnostic[] | Promise<Diagnostic[]>;
  /** Called with external changes of the open workspace. */
  onFileChange?: (event: FileChangeEvent) => void;
  /** Watch the open workspace (default true). */
  watch?: boolean;
  /** File system used for saves (tests inject failures). */
  fs?: AtomicFs;
  now?: () => number;
}

interface Open {
  info: WorkspaceInfo;
  watcher: WorkspaceWatcher | null;
}

const noWorkspace = (): Result<never> =>
  err('workspace/none-open', 'No workspace is open. Open a folder that contains mortisphere.yaml first.');

/**
 * Every request/response method of the Api that touches the disk, as plain Node code: open, list,
 * read, atomic write with conflict detection, delete, validate, templates, history, drafts and
 * recent workspaces. Every path is resolved inside the open root (symlinks followed) or refused.
 */
export class WorkspaceService {
  private open: Open | null = null;
  private readonly history: HistoryStore;
  private readonly drafts: DraftStore;
  private readonly recents: RecentStore;
  private dataTempsCleaned = false;

  constructor(private readonly options: WorkspaceServiceOptions) {
    this.history = new HistoryStore(options.dataDir, { now: options.now });
    this.drafts = new DraftStore(options.dataDir, options.now);
    this.recents = new RecentStore(options.dataDir);
  }

  /** Opens the workspace at `path` (resolved against the current directory), replacing any open one. */
  async openWorkspace(path: string): Promise<Result<WorkspaceInfo>> {
    const abs = resolve(path);
    let root: string;
    try {
      root = await realpath(abs);
      if (!(await stat(root)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    } catch {
      return err('workspace/not-found', `Folder '${abs}' does not exist or cannot be read. Choose an existing workspace folder.`, abs);
    }
    let manifest: string;
    try {
      manifest = await readFile(join(root, MANIFEST), 'utf8');
    } catch {
      return err('workspace/not-a-workspace', `Folder '${root}' has no ${MANIFEST}, so it is not a Mortisphere workspace. Choose the folder that contains ${MANIFEST}, or create one with 'mortisphere new DIR'.`, root);
    }
    await this.close();
    const info: WorkspaceInfo = { root, name: summarise(MANIFEST, manifest).name ?? basename(root) };
    const watcher = this.options.watch === false ? null : new WorkspaceWatcher(root, (e) => this.options.onFileChange?.(e));
    this.open = { info, watcher };
    if (watcher) await watcher.ready();
    await this.recents.add(root);
    void removeStaleTemps(root);
    if (!this.dataTempsCleaned) {
      // Saves killed mid-way also leave temp files in the data folder (history versions, drafts).
      this.dataTempsCleaned = true;
      for (const folder of ['history', 'drafts']) void removeStaleTemps(join(this.options.dataDir, folder));
    }
    return ok(info);
  }

  /** The open workspace, or null. */
  currentWorkspace(): WorkspaceInfo | null {
    return this.open ? { ...this.open.info } : null;
  }

  /** Recently opened workspace roots that still exist, most recent first. */
  recentWorkspaces(): Promise<string[]> {
    return this.recents.list();
  }

  private async resolve(path: unknown): Promise<Result<ResolvedPath & { root: string }>> {
    if (!this.open) return noWorkspace();
    const root = this.open.info.root;
    const resolved = await resolveInside(root, path);
    if (!resolved.ok) return resolved;
    if (!/\.ya?ml$/i.test(resolved.value.rel)) {
      return err('path/not-yaml', `'${resolved.value.rel}' is not a workspace document: only .yaml and .yml files can be opened or saved.`, resolved.value.rel);
    }
    return ok({ ...resolved.value, root });
  }

  /** The absolute path of a workspace document (resolved inside the root, symlinks followed). */
  async absolutePath(path: string): Promise<Result<string>> {
    const r = await this.resolve(path);
    return r.ok ? ok(r.value.abs) : r;
  }

  /** Kind, id and name of every document, sorted by path. */
  async listDocuments(): Promise<Result<DocumentEntry[]>> {
    const all = await this.readAllFiles();
    if (!all.ok) return all;
    return ok(all.value.map((f) => summarise(f.path, f.text)));
  }

  private async readResolved(r: ResolvedPath): Promise<Result<FileContent>> {
    try {
      const info = await stat(r.abs);
      if (info.size > MAX_FILE_BYTES) {
        return err('file/too-large', `'${r.rel}' is ${info.size} bytes, over the ${MAX_FILE_BYTES}-byte limit. Split it into smaller documents.`, r.rel);
      }
      const bytes = await readFile(r.abs);
      return ok({ path: r.rel, text: bytes.toString('utf8'), hash: sha256(bytes) });
    } catch (e) {
      return readError(r.rel, e);
    }
  }

  /** Text and sha256 of one document. */
  async readFile(path: string): Promise<Result<FileContent>> {
    const r = await this.resolve(path);
    return r.ok ? this.readResolved(r.value) : r;
  }

  /** Every readable YAML document of the workspace, sorted by path (unreadable ones are skipped). */
  async readAllFiles(): Promise<Result<FileContent[]>> {
    if (!this.open) return noWorkspace();
    const out: FileContent[] = [];
    for (const rel of await listYamlPaths(this.open.info.root)) {
      const r = await this.resolve(rel);
      if (!r.ok) continue;
      const content = await this.readResolved(r.value);
      if (content.ok) out.push(content.value);
    }
    return ok(out);
  }

  /**
   * Saves `text` atomically (save-file.ts `saveFile`). Unless `force`, refuses with `file/conflict`
   * when the bytes on disk no longer hash to `expectedHash` (null: the file must not exist) — checked
   * first and again, on the bytes themselves, right before the rename. A read-only file is refused
   * with `file/read-only` unless `unlock`. The bytes replaced and the new version go to the history.
   * Disk full, permission denied and read-only disks give clear errors; the file is then intact.
   */
  async writeFile(path: string, text: string, options: WriteOptions = {}): Promise<Result<{ hash: string }>> {
    const r = await this.resolve(path);
    if (!r.ok) return r;
    const { rel, abs, root } = r.value;
    const saved = await saveFile({ root, rel, abs, history: this.history, fs: this.options.fs }, text, options);
    if (saved.ok) this.open?.watcher?.noteWritten(rel, saved.value.hash);
    return saved;
  }

  /**
   * Writes several documents as one change, all or nothing (`write-transaction.ts`): every
   * `expectedHash` is checked (null: the file must not exist yet), and a file changed on disk
   * meanwhile is a `file/conflict`; if any write fails none lands. History keeps every replaced
   * version and every new one.
   */
  async writeFiles(writes: readonly FileWrite[]): Promise<Result<{ hashes: string[] }>> {
    if (writes.length === 0) return err('transaction/empty', 'Nothing to write: the change has no files.');
    const changes: TransactionChange[] = [];
    let root = '';
    for (const w of writes) {
      const r = await this.resolve(w.path);
      if (!r.ok) return r;
      root = r.value.root;
      changes.push({ abs: r.value.abs, rel: r.value.rel, text: w.text, expectedHash: w.expectedHash });
    }
    const fs = this.options.fs ? { readFile, ...this.options.fs } : undefined;
    const done = await writeTransaction(changes, {
      fs,
      beforeCommit: async (originals) => {
        for (let i = 0; i < changes.length; i++) {
          const o = originals[i];
          if (o) await this.history.record(root, changes[i]!.rel, o.toString('utf8'));
          this.open?.watcher?.noteWritten(changes[i]!.rel, sha256(changes[i]!.text));
        }
      },
    });
    if (!done.ok) return done;
    for (const c of changes) await this.history.record(root, c.rel, c.text);
    return done;
  }

  /**
   * Deletes one document (its bytes go to the history, so it can be restored). A symbolic link is
   * removed itself, never its target; a read-only file is refused with `file/read-only`.
   */
  async deleteFile(path: string): Promise<Result<null>> {
    const r = await this.resolve(path);
    if (!r.ok) return r;
    const removed = await deleteFile({ root: r.value.root, rel: r.value.rel, history: this.history, fs: this.options.fs });
    if (removed.ok) this.open?.watcher?.noteDeleted(r.value.rel);
    return removed;
  }

  /**
   * Diagnostics of the workspace on disk (read by `readWorkspaceFiles`, so unreadable and oversized
   * files are reported too; symlinks leading out of the root are skipped) with `overlays` (unsaved
   * texts, by path) replacing or adding files; sorted by file, line and column like the CLI.
   */
  async validate(overlays: DocumentTexts = {}): Promise<Result<Diagnostic[]>> {
    if (!this.open) return noWorkspace();
    const root = this.open.info.root;
    const read = await readWorkspaceFiles(root);
    if (!read.ok) return read;
    const texts = new Map<string, string>();
    for (const f of read.value.files) if ((await resolveInside(root, f.path)).ok) texts.set(f.path, f.text);
    for (const [path, text] of Object.entries(overlays)) {
      const r = await this.resolve(path);
      if (!r.ok) return r;
      texts.set(r.value.rel, text);
    }
    const files = [...texts].map(([path, text]) => ({ path, text })).sort((a, b) => a.path.localeCompare(b.path));
    const readProblems = read.value.diagnostics.filter((d) => !Object.hasOwn(overlays, d.file));
    return ok([...readProblems, ...(await this.options.validate(files))].sort(compareDiagnostics));
  }

  /** New-document templates. */
  async listTemplates(): Promise<Result<Template[]>> {
    return ok(await loadTemplates(this.options.templatesDir));
  }

  /** Saved versions of one file, newest first. */
  async listHistory(path: string): Promise<Result<HistoryVersion[]>> {
    const r = await this.resolve(path);
    return r.ok ? ok(await this.history.list(r.value.root, r.value.rel)) : r;
  }

  /** Text of one saved version (restoring = saving it again through `writeFile`). */
  async readHistory(path: string, versionId: string): Promise<Result<string>> {
    const r = await this.resolve(path);
    return r.ok ? this.history.read(r.value.root, r.value.rel, versionId) : r;
  }

  /** Keeps the unsaved text of one file in the app data folder. */
  async saveDraft(path: string, text: string, baseHash: string | null): Promise<Result<null>> {
    const r = await this.resolve(path);
    if (!r.ok) return r;
    try {
      await this.drafts.save(r.value.root, r.value.rel, text, baseHash);
      return ok(null);
    } catch (e) {
      return err('draft/write-failed', `Could not keep unsaved edits of '${r.value.rel}' (${(e as NodeJS.ErrnoException).code ?? String(e)}) in the app data folder '${this.options.dataDir}'. Save the file to keep them.`, r.value.rel);
    }
  }

  /** Forgets the unsaved text of one file. */
  async clearDraft(path: string): Promise<Result<null>> {
    const r = await this.resolve(path);
    if (!r.ok) return r;
    await this.drafts.clear(r.value.root, r.value.rel).catch(() => undefined);
    return ok(null);
  }

  /** Unsaved texts of the open workspace, sorted by path. */
  async listDrafts(): Promise<Result<Draft[]>> {
    if (!this.open) return noWorkspace();
    return ok(await this.drafts.list(this.open.info.root));
  }

  /** Stops watching and closes the workspace. */
  async close(): Promise<void> {
    const watcher = this.open?.watcher;
    this.open = null;
    if (watcher) await watcher.close();
  }
}
