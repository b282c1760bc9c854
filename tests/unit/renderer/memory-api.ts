import { createHash } from 'node:crypto';
import type { Api, ApiEventName, ApiEvents, Draft, FileChangeEvent } from '../../../src/shared/api';
import type { Diagnostic } from '../../../src/shared/diagnostics';
import { emptyWorkspaceModel } from '../../../src/shared/model/workspace';
import { err, ok } from '../../../src/shared/result';
import type { ValidatorLike } from '../../../src/renderer/src/state/store-types';

const hash = (t: string): string => createHash('sha256').update(t).digest('hex');

/**
 * An in-memory Api with the main side's contract for files, conflicts, drafts and history:
 * enough to drive the renderer store in unit tests without a server.
 */
export class MemoryApi {
  files = new Map<string, string>();
  drafts = new Map<string, Draft>();
  history = new Map<string, string[]>();
  writes: { path: string; text: string; options: unknown }[] = [];
  /** When true, `writeFiles` fails (disk full) after its conflict checks, writing nothing. */
  failWrites = false;
  private listeners = new Set<(e: FileChangeEvent) => void>();

  constructor(files: Record<string, string>) {
    for (const [p, t] of Object.entries(files)) this.files.set(p, t);
  }

  /** Changes a file as another program would, and emits the watch event. */
  external(path: string, text: string | null): FileChangeEvent {
    const existed = this.files.has(path);
    if (text === null) this.files.delete(path);
    else this.files.set(path, text);
    const ev: FileChangeEvent = { kind: text === null ? 'unlink' : existed ? 'change' : 'add', path };
    for (const l of this.listeners) l(ev);
    return ev;
  }

  hashOf(path: string): string {
    return hash(this.files.get(path) ?? '');
  }

  api(): Api {
    const kindOf = (t: string): string | null => /^kind:\s*(\w+)/m.exec(t)?.[1] ?? null;
    const api: Api = {
      openWorkspace: async (path) => ok({ root: path ?? '/ws', name: 'Mem' }),
      currentWorkspace: async () => ({ root: '/ws', name: 'Mem' }),
      recentWorkspaces: async () => ['/ws'],
      listDocuments: async () =>
        ok(
          [...this.files].map(([path, text]) => ({
            path,
            kind: kindOf(text) as never,
            id: /^id:\s*(\S+)/m.exec(text)?.[1] ?? null,
            name: /^name:\s*(.+)$/m.exec(text)?.[1] ?? null,
          })),
        ),
      readFile: async (path) => {
        const text = this.files.get(path);
        return text === undefined ? err('file/not-found', `${path} not found`) : ok({ path, text, hash: hash(text) });
      },
      readAllFiles: async () => ok([...this.files].map(([path, text]) => ({ path, text, hash: hash(text) }))),
      writeFile: async (path, text, options) => {
        this.writes.push({ path, text, options });
        const cur = this.files.get(path);
        if (!options?.force && options && 'expectedHash' in options) {
          const curHash = cur === undefined ? null : hash(cur);
          if (curHash !== options.expectedHash) return err('file/conflict', `${path} changed on disk`);
        }
        if (cur !== undefined) this.history.set(path, [cur, ...(this.history.get(path) ?? [])].slice(0, 10));
        this.files.set(path, text);
        return ok({ hash: hash(text) });
      },
      writeFiles: async (writes) => {
        for (const w of writes) {
          const cur = this.files.get(w.path);
          if ((cur === undefined ? null : hash(cur)) !== w.expectedHash) return err('file/conflict', `${w.path} changed on disk`, w.path);
        }
        if (this.failWrites) return err('file/disk-full', `Could not save '${writes[0]!.path}': the disk is full. Nothing was written.`, writes[0]!.path);
        for (const w of writes) {
          this.writes.push({ path: w.path, text: w.text, options: { expectedHash: w.expectedHash } });
          const cur = this.files.get(w.path);
          if (cur !== undefined) this.history.set(w.path, [cur, ...(this.history.get(w.path) ?? [])].slice(0, 10));
          this.files.set(w.path, w.text);
        }
        return ok({ hashes: writes.map((w) => hash(w.text)) });
      },
      deleteFile: async (path) => (this.files.delete(path) ? ok(null) : err('file/not-found', path)),
      validate: async () => ok([]),
      listTemplates: async () => ok([{ kind: 'crew', name: 'Crew', text: 'kind: crew\nschemaVersion: 1\nid: template-crew\nname: New crew\nmembers: []\n' }]),
      listHistory: async (path) =>
        ok((this.history.get(path) ?? []).map((t, i) => ({ id: String(i), savedAt: '2026-11-30T00:00:00Z', size: t.length, hash: hash(t) }))),
      readHistory: async (path, id) => {
        const t = this.history.get(path)?.[Number(id)];
        return t === undefined ? err('history/not-found', id) : ok(t);
      },
      saveDraft: async (path, text, baseHash) => {
        this.drafts.set(path, { path, text, baseHash, savedAt: '2026-11-30T00:00:00Z' });
        return ok(null);
      },
      clearDraft: async (path) => {
        this.drafts.delete(path);
        return ok(null);
      },
      listDrafts: async () => ok([...this.drafts.values()]),
      startSimulation: async () => err('sim/unavailable', 'no simulation here'),
      startForecast: async () => err('sim/unavailable', 'no forecast here'),
      cancelSimulation: async () => ok(null),
      openExternal: async () => ok(null),
      exportPdf: async () => err('print/use-window-print', 'memory api: no PDF printer'),
      revealFile: async (p: string) => err('reveal/use-path', `memory api: ${p} has no file manager`, `/memory/${p}`),
      on: <E extends ApiEventName>(event: E, listener: (p: ApiEvents[E]) => void) => {
        if (event !== 'main:file-changed') return () => {};
        const l = listener as (e: FileChangeEvent) => void;
        this.listeners.add(l);
        return () => this.listeners.delete(l);
      },
    };
    return api;
  }
}

/** A validator double: an error wherever a line contains `die: d7`; records what it was fed. */
export class LineValidator implements ValidatorLike {
  files = new Map<string, string>();
  setFile(path: string, text: string): void {
    this.files.set(path, text);
  }
  removeFile(path: string): void {
    this.files.delete(path);
  }
  diagnostics(): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const [file, text] of this.files) {
      text.split('\n').forEach((line, i) => {
        const col = line.indexOf('die: d7');
        if (col >= 0)
          out.push({ file, line: i + 1, column: col + 6, endLine: i + 1, endColumn: col + 8, severity: 'error', code: 'schema', message: 'die d7 is not an Existence Die' });
      });
    }
    return out;
  }
  model() {
    return emptyWorkspaceModel();
  }
}
