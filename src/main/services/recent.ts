import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { atomicWrite } from './atomic-write';

/** Workspaces remembered. */
export const RECENT_LIMIT = 10;

/** Recently opened workspace roots in `recent.json` of the app data folder, most recent first. */
export class RecentStore {
  private readonly file: string;
  constructor(private readonly dataDir: string) {
    this.file = join(dataDir, 'recent.json');
  }

  private async readAll(): Promise<string[]> {
    try {
      const data: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      return Array.isArray(data) ? data.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Moves `root` to the front, keeping at most RECENT_LIMIT entries. Best effort: never throws. */
  async add(root: string): Promise<void> {
    try {
      const list = [root, ...(await this.readAll()).filter((p) => p !== root)].slice(0, RECENT_LIMIT);
      await mkdir(this.dataDir, { recursive: true });
      await atomicWrite(this.file, JSON.stringify(list, null, 2), { fsync: false });
    } catch {
      /* best effort */
    }
  }

  /** Remembered roots that still exist as folders, most recent first. */
  async list(): Promise<string[]> {
    const out: string[] = [];
    for (const p of await this.readAll()) {
      try {
        if ((await stat(p)).isDirectory()) out.push(p);
      } catch {
        /* moved or deleted */
      }
    }
    return out;
  }
}
