import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Draft } from '../../shared/api';
import { fileKey, rootKey } from './app-data-keys';
import { atomicWrite } from './atomic-write';

/**
 * Unsaved edits, one JSON file per workspace file under `drafts/<root key>/` in the app data folder.
 * Each save replaces the draft atomically (no fsync: cheap enough to call on every pause in typing),
 * so a draft survives a reload or crash of the window.
 */
export class DraftStore {
  constructor(
    private readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {}

  private folder(root: string): string {
    return join(this.dataDir, 'drafts', rootKey(root));
  }

  /** Stores the draft of `path`, replacing any earlier one. Throws the fs error if the data folder is unwritable. */
  async save(root: string, path: string, text: string, baseHash: string | null): Promise<void> {
    const folder = this.folder(root);
    await mkdir(folder, { recursive: true });
    const draft: Draft = { path, text, baseHash, savedAt: new Date(this.now()).toISOString() };
    await atomicWrite(join(folder, `${fileKey(path)}.json`), JSON.stringify(draft), { fsync: false });
  }

  /** Removes the draft of `path`, if any. */
  async clear(root: string, path: string): Promise<void> {
    await rm(join(this.folder(root), `${fileKey(path)}.json`), { force: true });
  }

  /** Every readable draft of the workspace, sorted by path; corrupt entries are skipped. */
  async list(root: string): Promise<Draft[]> {
    let names: string[];
    try {
      names = await readdir(this.folder(root));
    } catch {
      return [];
    }
    const drafts: Draft[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        const d = JSON.parse(await readFile(join(this.folder(root), name), 'utf8')) as Partial<Draft>;
        if (typeof d.path === 'string' && typeof d.text === 'string' && typeof d.savedAt === 'string' && (typeof d.baseHash === 'string' || d.baseHash === null)) {
          drafts.push({ path: d.path, text: d.text, baseHash: d.baseHash, savedAt: d.savedAt });
        }
      } catch {
        /* corrupt or half-written by an old version: skip */
      }
    }
    return drafts.sort((a, b) => a.path.localeCompare(b.path));
  }
}
