import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import type { FileChangeEvent } from '../../shared/api';
import { sha256 } from './hash';
import { toRelative } from './paths';

/** True for a path the workspace ignores: dot files/folders and node_modules. */
export const isIgnoredName = (name: string): boolean => name.startsWith('.') || name === 'node_modules';
/** True for a workspace document file name. */
export const isYamlName = (name: string): boolean => /\.ya?ml$/i.test(name);

/** Options of `WorkspaceWatcher`. */
export interface WatcherOptions {
  /** Quiet time per file before its events are settled into one (default 80 ms). */
  settleMs?: number;
}

/**
 * Watches the `*.yaml`/`*.yml` files of a workspace root and reports external add/change/unlink.
 * Guarantees: events of one file within the settle window collapse into at most one event judged
 * by content (a save-by-rename is one `change`); a file whose bytes equal the last known bytes emits
 * nothing, which is how the app's own writes (`noteWritten`/`noteDeleted`) are not echoed.
 */
export class WorkspaceWatcher {
  private readonly known = new Map<string, string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly initialPending = new Set<string>();
  private readonly watcher: FSWatcher;
  private readonly readyPromise: Promise<void>;
  private initial = true;
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly emit: (event: FileChangeEvent) => void,
    private readonly options: WatcherOptions = {},
  ) {
    this.watcher = watch(root, {
      ignoreInitial: false,
      followSymlinks: false,
      atomic: true,
      ignored: (path, stats) => {
        if (path === root) return false;
        const name = basename(path);
        if (isIgnoredName(name)) return true;
        return stats?.isFile() === true && !isYamlName(name);
      },
    });
    this.watcher.on('all', (event, path) => {
      if (event === 'add' || event === 'change' || event === 'unlink') this.schedule(toRelative(root, path));
    });
    this.watcher.on('error', () => undefined);
    this.readyPromise = new Promise((resolve) => {
      this.watcher.once('ready', () => {
        void this.flushAll().then(() => {
          this.initial = false;
          resolve();
        });
      });
    });
  }

  /** Resolves once the initial scan is done; later changes are reported. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Records bytes the app itself just wrote, so the resulting event is not echoed. */
  noteWritten(rel: string, hash: string): void {
    this.known.set(rel, hash);
  }

  /** Records a file the app itself just deleted, so the resulting event is not echoed. */
  noteDeleted(rel: string): void {
    this.known.delete(rel);
  }

  private schedule(rel: string): void {
    if (!isYamlName(rel)) return;
    if (this.initial) {
      this.initialPending.add(rel);
      return;
    }
    const previous = this.timers.get(rel);
    if (previous) clearTimeout(previous);
    this.timers.set(
      rel,
      setTimeout(() => {
        this.timers.delete(rel);
        void this.settle(rel);
      }, this.options.settleMs ?? 80),
    );
  }

  private async flushAll(): Promise<void> {
    while (this.initialPending.size > 0) {
      const pending = [...this.initialPending];
      this.initialPending.clear();
      for (const rel of pending) await this.settle(rel);
    }
  }

  private async settle(rel: string): Promise<void> {
    if (this.closed) return;
    let hash: string | null = null;
    try {
      hash = sha256(await readFile(join(this.root, ...rel.split('/'))));
    } catch {
      hash = null;
    }
    const before = this.known.get(rel);
    if (hash === null) {
      if (before === undefined) return;
      this.known.delete(rel);
      if (!this.initial) this.emit({ kind: 'unlink', path: rel });
      return;
    }
    if (before === hash) return;
    this.known.set(rel, hash);
    if (!this.initial) this.emit({ kind: before === undefined ? 'add' : 'change', path: rel });
  }

  /** Stops watching; no event is emitted afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await this.watcher.close();
  }
}
