/**
 * The one typed interface between the renderer and the main process (DESIGN.md "Renderer ⇄ main").
 * Electron: the preload exposes an object of this shape as `window.mortisphere`.
 * Browser mode: `src/main/web-host.ts` serves the same methods over HTTP and the events over a WebSocket.
 * Every path is relative to the open workspace root, with `/` separators.
 */
import type { Diagnostic } from './diagnostics';
import type { DocKind } from './model/types';
import type { Result } from './result';

export interface WorkspaceInfo {
  /** Absolute path of the workspace root. */
  root: string;
  /** `name` from mortisphere.yaml, or the folder name. */
  name: string;
}

export interface DocumentEntry {
  /** Relative path, `/`-separated. */
  path: string;
  /** `kind` read from the file, or null when it could not be read. */
  kind: DocKind | null;
  id: string | null;
  name: string | null;
}

export interface FileContent {
  path: string;
  text: string;
  /** sha256 of the bytes on disk, hex; pass it back to `writeFile` to detect conflicts. */
  hash: string;
}

export interface WriteOptions {
  /** Hash of the version the user edited; null for a file that must not exist yet. Omit to skip the check. */
  expectedHash?: string | null;
  /** Overwrite even if the file changed on disk (the user chose "keep mine"). */
  force?: boolean;
  /**
   * Overwrite a file whose permissions make it read-only (the user chose "Overwrite anyway" after a
   * `file/read-only` refusal); the saved file gets the owner write bit, as VS Code's "Overwrite" does.
   */
  unlock?: boolean;
}

/** One file of a multi-file write (`writeFiles`). */
export interface FileWrite {
  path: string;
  text: string;
  /** Hash of the version the change was made from; null for a file that must not exist yet. */
  expectedHash: string | null;
}

export interface HistoryVersion {
  /** Opaque id of a saved version. */
  id: string;
  /** ISO time it was saved. */
  savedAt: string;
  size: number;
  hash: string;
}

export interface Draft {
  path: string;
  text: string;
  /** Hash of the on-disk version the draft was based on. */
  baseHash: string | null;
  savedAt: string;
}

export interface FileChangeEvent {
  kind: 'add' | 'change' | 'unlink';
  path: string;
}

/** Documents passed to a simulation: path → text, unsaved edits included. */
export type DocumentTexts = Record<string, string>;

export interface SimulationRequest {
  documents: DocumentTexts;
  scenario: string;
  crews?: [string, string];
  ruleset?: string;
  policies: [string, string];
  seed: number;
  /** Fixed number of runs, or … */
  runs?: number;
  /** … run until the 95% interval of each side's win rate is narrower than ±this (e.g. 0.02). */
  untilHalfWidth?: number;
  /** Hard cap when `untilHalfWidth` is used. */
  maxRuns?: number;
  workers?: number;
}

/** A season forecast (issue 10): the campaign's remaining planned battles played `runs` times by bots. */
export interface ForecastRequest {
  documents: DocumentTexts;
  /** Campaign id. */
  campaign: string;
  runs: number;
  policies: [string, string];
  seed: number;
  workers?: number;
}

export interface SimulationProgress {
  jobId: string;
  done: number;
  total: number | null;
  runsPerSecond: number;
  /** Estimated milliseconds left, null when unknown. */
  etaMs: number | null;
  /**
   * The report (same shape as `SimulationFinished.report`) of every run completed so far; sent at
   * most twice a second and only when it changed. Its size depends on the setup, not on the runs.
   */
  partial?: unknown;
}

export interface SimulationFinished {
  jobId: string;
  /** The `simulate --json` report (DESIGN.md), plus extra analysis fields. */
  report?: unknown;
  cancelled?: boolean;
  error?: { code: string; message: string; diagnostics?: Diagnostic[] };
}

export interface ApiEvents {
  'main:file-changed': FileChangeEvent;
  'main:sim-progress': SimulationProgress;
  'main:sim-done': SimulationFinished;
}
export type ApiEventName = keyof ApiEvents;

export interface Api {
  /** Opens a workspace: `path` in browser mode; without it Electron shows a folder dialog. */
  openWorkspace(path?: string): Promise<Result<WorkspaceInfo>>;
  /** The open workspace, or null. */
  currentWorkspace(): Promise<WorkspaceInfo | null>;
  recentWorkspaces(): Promise<string[]>;
  listDocuments(): Promise<Result<DocumentEntry[]>>;
  readFile(path: string): Promise<Result<FileContent>>;
  /** Every YAML document of the workspace in one call. */
  readAllFiles(): Promise<Result<FileContent[]>>;
  /** Atomic write; fails with `file/conflict` when the disk changed since `expectedHash`. */
  writeFile(path: string, text: string, options?: WriteOptions): Promise<Result<{ hash: string }>>;
  /**
   * Writes several files as ONE change, all or nothing: every expected hash is checked, and a file
   * changed on disk meanwhile is a `file/conflict`; if any write fails none lands and the error
   * names the file and why.
   */
  writeFiles(writes: FileWrite[]): Promise<Result<{ hashes: string[] }>>;
  deleteFile(path: string): Promise<Result<null>>;
  /** Diagnostics of the whole workspace as on disk, with optional unsaved overlays. */
  validate(overlays?: DocumentTexts): Promise<Result<Diagnostic[]>>;
  listTemplates(): Promise<Result<{ kind: DocKind; name: string; text: string }[]>>;
  listHistory(path: string): Promise<Result<HistoryVersion[]>>;
  readHistory(path: string, versionId: string): Promise<Result<string>>;
  saveDraft(path: string, text: string, baseHash: string | null): Promise<Result<null>>;
  clearDraft(path: string): Promise<Result<null>>;
  listDrafts(): Promise<Result<Draft[]>>;
  startSimulation(request: SimulationRequest): Promise<Result<{ jobId: string }>>;
  /**
   * Starts a season forecast as a simulation job: same `main:sim-progress` / `main:sim-done`
   * events (the report is a `ForecastReport`), cancelled with `cancelSimulation`.
   */
  startForecast(request: ForecastRequest): Promise<Result<{ jobId: string }>>;
  cancelSimulation(jobId: string): Promise<Result<null>>;
  /** Opens an https link in the OS browser (Electron) or a new tab (browser mode). */
  openExternal(url: string): Promise<Result<null>>;
  /**
   * Electron: renders a print sheet (a standalone HTML document, src/shared/print) to PDF with
   * `printToPDF`, asks where to save it and writes it; `print/cancelled` when the user cancels.
   * Browser mode answers `print/use-window-print` (USE_WINDOW_PRINT): the page opens the
   * browser's print dialog instead, where "Save as PDF" does the same.
   */
  exportPdf(html: string, suggestedName: string): Promise<Result<{ path: string }>>;
  /**
   * Shows a workspace document in the OS file manager (Electron: `shell.showItemInFolder`).
   * Browser mode answers `reveal/use-path` (USE_PATH) with the file's absolute path in the
   * message's place: `error.path`; the page shows it to copy.
   */
  revealFile(path: string): Promise<Result<null>>;
  /** Subscribes to main → renderer events; returns an unsubscribe function. */
  on<E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): () => void;
}

/** Names of the request/response methods (everything but `on`), for adapters and contract tests. */
export const API_METHODS = [
  'openWorkspace',
  'currentWorkspace',
  'recentWorkspaces',
  'listDocuments',
  'readFile',
  'readAllFiles',
  'writeFile',
  'writeFiles',
  'deleteFile',
  'validate',
  'listTemplates',
  'listHistory',
  'readHistory',
  'saveDraft',
  'clearDraft',
  'listDrafts',
  'startSimulation',
  'startForecast',
  'cancelSimulation',
  'openExternal',
  'exportPdf',
  'revealFile',
] as const satisfies readonly Exclude<keyof Api, 'on'>[];
export type ApiMethod = (typeof API_METHODS)[number];

/** `exportPdf`'s answer where there is no PDF printer (browser mode): print from the page with `window.print()`. */
export const USE_WINDOW_PRINT = 'print/use-window-print';

/** `revealFile`'s answer where no file manager can be opened (browser mode): `error.path` is the absolute path. */
export const USE_PATH = 'reveal/use-path';

/** IPC channel of a method: `api:<method>`. */
export const channelOf = (method: ApiMethod): string => `api:${method}`;
export const API_EVENTS: readonly ApiEventName[] = ['main:file-changed', 'main:sim-progress', 'main:sim-done'];
