import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { HistoryVersion } from '../../shared/api';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';
import { fileKey, rootKey } from './app-data-keys';
import { atomicWrite } from './atomic-write';
import { sha256 } from './hash';

/** Versions kept per file. */
export const HISTORY_LIMIT = 10;

const VERSION_ID = /^(\d{15})-(\d{6})-([0-9a-f]{64})$/;
let sequence = 0;

/**
 * The last saved versions of each workspace file, kept in the app data folder (never in the workspace),
 * under `history/<root key>/<file key>/<time>-<seq>-<sha256>.yaml`. Keeps the newest `limit` versions.
 */
export class HistoryStore {
  constructor(
    private readonly dataDir: string,
    private readonly options: { limit?: number; now?: () => number } = {},
  ) {}

  private folder(root: string, rel: string): string {
    return join(this.dataDir, 'history', rootKey(root), fileKey(rel));
  }

  private async ids(root: string, rel: string): Promise<string[]> {
    try {
      const names = await readdir(this.folder(root, rel));
      return names
        .filter((n) => n.endsWith('.yaml'))
        .map((n) => n.slice(0, -'.yaml'.length))
        .filter((id) => VERSION_ID.test(id))
        .sort()
        .reverse();
    } catch {
      return [];
    }
  }

  /**
   * Records `content` (exactly these bytes; text is stored as UTF-8) as the newest version of `rel`
   * unless the newest version already has these bytes, then prunes to the limit. Best effort: never
   * throws (history must not block a save).
   */
  async record(root: string, rel: string, content: string | Uint8Array): Promise<void> {
    try {
      const hash = sha256(content);
      const existing = await this.ids(root, rel);
      if (existing[0] !== undefined && existing[0].endsWith(hash)) return;
      const folder = this.folder(root, rel);
      await mkdir(folder, { recursive: true });
      const now = (this.options.now ?? Date.now)();
      sequence = (sequence + 1) % 1_000_000;
      const id = `${String(now).padStart(15, '0')}-${String(sequence).padStart(6, '0')}-${hash}`;
      await atomicWrite(join(folder, `${id}.yaml`), content, { fsync: false });
      const all = [id, ...existing].sort().reverse();
      const limit = this.options.limit ?? HISTORY_LIMIT;
      for (const old of all.slice(limit)) await rm(join(folder, `${old}.yaml`), { force: true });
    } catch {
      /* best effort */
    }
  }

  /** Saved versions of `rel`, newest first. */
  async list(root: string, rel: string): Promise<HistoryVersion[]> {
    const versions: HistoryVersion[] = [];
    for (const id of await this.ids(root, rel)) {
      const m = VERSION_ID.exec(id);
      if (!m) continue;
      try {
        const info = await stat(join(this.folder(root, rel), `${id}.yaml`));
        versions.push({ id, savedAt: new Date(Number(m[1])).toISOString(), size: info.size, hash: m[3] });
      } catch {
        /* pruned meanwhile */
      }
    }
    return versions;
  }

  /** Text of one saved version; `history/not-found` for an unknown or malformed id. */
  async read(root: string, rel: string, versionId: string): Promise<Result<string>> {
    if (!VERSION_ID.test(versionId)) {
      return err('history/not-found', `Version '${versionId.slice(0, 80)}' of '${rel}' does not exist. Pick one from the file's history list.`, rel);
    }
    try {
      return ok(await readFile(join(this.folder(root, rel), `${versionId}.yaml`), 'utf8'));
    } catch {
      return err('history/not-found', `Version '${versionId}' of '${rel}' is no longer kept (only the last ${this.options.limit ?? HISTORY_LIMIT} are). Pick one from the file's history list.`, rel);
    }
  }
}
