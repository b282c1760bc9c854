import type { FileWrite, ForecastRequest, SimulationRequest, WriteOptions } from '../shared/api';
import { API_METHODS, USE_PATH, USE_WINDOW_PRINT } from '../shared/api';
import type { ApiMethod } from '../shared/api';
import type { Result } from '../shared/result';
import { err, ok } from '../shared/result';
import type { ArgSpec } from './api-args';
import { between, bool, checkArgs, hashHex, int, list, MAX_TEXT, nullable, object, str, text, textRecord, tuple } from './api-args';
import type { RunnerResult, SimulationJobs } from './services/sim-jobs';
import type { WorkspaceService } from './services/workspace';

/** Error code of a call whose arguments do not fit the Api (HTTP 400 in browser mode). */
export const BAD_ARGUMENTS = 'api/bad-arguments';

/** What the handlers call; the Electron adapter and the web host each build one. */
export interface ApiServices {
  workspace: WorkspaceService;
  simulations: SimulationJobs;
  /** Electron: a folder dialog; null when the user cancels. Absent in browser mode. */
  pickFolder?: () => Promise<string | null>;
  /** Runs a season forecast (issue 10); the job reports through `simulations`. */
  runForecast?: (request: ForecastRequest, options: { onProgress: (p: { done: number; total: number | null; runsPerSecond: number; etaMs: number | null }) => void; signal: AbortSignal }) => Promise<RunnerResult>;
  /** Opens a checked https URL (Electron: shell.openExternal); see `openExternalUrl`. */
  openExternal: (url: string) => Promise<Result<null>>;
  /** Electron: HTML → PDF (printToPDF) → save dialog → file. Absent in browser mode (USE_WINDOW_PRINT). */
  exportPdf?: (html: string, suggestedName: string) => Promise<Result<{ path: string }>>;
  /** Electron: shows an absolute path in the OS file manager. Absent in browser mode (USE_PATH). */
  revealPath?: (absolute: string) => Promise<void>;
}

/** One handler per Api method: validates untrusted arguments, then calls a service. */
export type ApiHandlers = Record<ApiMethod, (...args: unknown[]) => Promise<unknown>>;

const path = str(1024);
const simulationRequest = object(
  {
    documents: textRecord(20_000, 64 * 1024 * 1024),
    scenario: str(1024),
    policies: tuple(str(40), str(40)),
    seed: int(-(2 ** 53 - 1), 2 ** 53 - 1),
  },
  {
    crews: tuple(str(200), str(200)),
    ruleset: str(1024),
    runs: int(1, 10_000_000),
    untilHalfWidth: between(0, 1),
    maxRuns: int(1, 10_000_000),
    workers: int(1, 64),
  },
);

const forecastRequest = object(
  {
    documents: textRecord(20_000, 64 * 1024 * 1024),
    campaign: str(1024),
    runs: int(1, 1_000_000),
    policies: tuple(str(40), str(40)),
    seed: int(0, 0xffffffff),
  },
  { workers: int(1, 64) },
);

/** Argument specs of every method (the contract test checks there is one per Api method). */
export const ARG_SPECS: Record<ApiMethod, ArgSpec> = {
  openWorkspace: { names: ['path'], required: [], optional: [str()] },
  currentWorkspace: { names: [], required: [] },
  recentWorkspaces: { names: [], required: [] },
  listDocuments: { names: [], required: [] },
  readFile: { names: ['path'], required: [path] },
  readAllFiles: { names: [], required: [] },
  writeFile: {
    names: ['path', 'text', 'options'],
    required: [path, text],
    optional: [object({}, { expectedHash: nullable(hashHex), force: bool, unlock: bool })],
  },
  writeFiles: {
    names: ['writes'],
    required: [list(object({ path, text, expectedHash: nullable(hashHex) }), 64, 4 * MAX_TEXT)],
  },
  deleteFile: { names: ['path'], required: [path] },
  validate: { names: ['overlays'], required: [], optional: [textRecord(20_000, 4 * MAX_TEXT)] },
  listTemplates: { names: [], required: [] },
  listHistory: { names: ['path'], required: [path] },
  readHistory: { names: ['path', 'versionId'], required: [path, str(200)] },
  saveDraft: { names: ['path', 'text', 'baseHash'], required: [path, text, nullable(hashHex)] },
  clearDraft: { names: ['path'], required: [path] },
  listDrafts: { names: [], required: [] },
  startSimulation: { names: ['request'], required: [simulationRequest] },
  startForecast: { names: ['request'], required: [forecastRequest] },
  cancelSimulation: { names: ['jobId'], required: [str(100)] },
  openExternal: { names: ['url'], required: [str(2048)] },
  exportPdf: { names: ['html', 'suggestedName'], required: [str(MAX_TEXT), str(200)] },
  revealFile: { names: ['path'], required: [path] },
};

/**
 * Checks that `url` is an absolute https URL without credentials; the only links the app opens.
 * Returns the normalised URL.
 */
export function checkExternalUrl(url: string): Result<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return err('external/bad-url', `'${url.slice(0, 200)}' is not a valid link. Only https:// links can be opened.`);
  }
  if (parsed.protocol !== 'https:') return err('external/not-https', `'${url.slice(0, 200)}' was not opened: only https:// links are opened in the browser.`);
  if (parsed.username || parsed.password) return err('external/bad-url', `'${parsed.host}' link carries credentials and was not opened.`);
  return ok(parsed.toString());
}

/**
 * Builds the handlers shared by the Electron adapter (`ipc.ts`) and the web host (`web-host.ts`),
 * so the two cannot drift. Guarantees: exactly the `API_METHODS` keys; any call whose arguments do
 * not fit returns `err(BAD_ARGUMENTS, …)` without touching a service.
 */
export function createApiHandlers(services: ApiServices): ApiHandlers {
  const ws = services.workspace;
  const impl: Record<ApiMethod, (...args: never[]) => Promise<unknown>> = {
    openWorkspace: async (p?: string | null) => {
      if (p !== undefined && p !== null) return ws.openWorkspace(p);
      if (!services.pickFolder) return err('workspace/path-required', 'Give the path of a workspace folder to open.');
      const picked = await services.pickFolder();
      return picked === null ? err('workspace/cancelled', 'No folder was chosen; the current workspace stays open.') : ws.openWorkspace(picked);
    },
    currentWorkspace: async () => ws.currentWorkspace(),
    recentWorkspaces: () => ws.recentWorkspaces(),
    listDocuments: () => ws.listDocuments(),
    readFile: (p: string) => ws.readFile(p),
    readAllFiles: () => ws.readAllFiles(),
    writeFile: (p: string, t: string, o?: WriteOptions | null) => ws.writeFile(p, t, o ?? {}),
    writeFiles: (w: FileWrite[]) => ws.writeFiles(w),
    deleteFile: (p: string) => ws.deleteFile(p),
    validate: (o?: Record<string, string> | null) => ws.validate(o ?? {}),
    listTemplates: () => ws.listTemplates(),
    listHistory: (p: string) => ws.listHistory(p),
    readHistory: (p: string, id: string) => ws.readHistory(p, id),
    saveDraft: (p: string, t: string, h: string | null) => ws.saveDraft(p, t, h),
    clearDraft: (p: string) => ws.clearDraft(p),
    listDrafts: () => ws.listDrafts(),
    startSimulation: async (r: SimulationRequest) => services.simulations.start(r),
    startForecast: async (r: ForecastRequest) => {
      const run = services.runForecast;
      if (!run) return err('forecast/unavailable', 'Season forecasts are not available in this window; restart the app.');
      return services.simulations.startJob((options) => run(r, options));
    },
    cancelSimulation: async (id: string) => services.simulations.cancel(id),
    openExternal: async (url: string) => {
      const checked = checkExternalUrl(url);
      return checked.ok ? services.openExternal(checked.value) : checked;
    },
    exportPdf: async (html: string, name: string) =>
      services.exportPdf ? services.exportPdf(html, name) : err(USE_WINDOW_PRINT, 'This window cannot write PDF files itself; print the sheet from the page and choose "Save as PDF".'),
    revealFile: async (p: string) => {
      const abs = await ws.absolutePath(p);
      if (!abs.ok) return abs;
      if (!services.revealPath) return err(USE_PATH, `This window cannot open the file manager; ${p} is at ${abs.value}`, abs.value);
      await services.revealPath(abs.value);
      return ok(null);
    },
  };
  const handlers = {} as ApiHandlers;
  for (const method of API_METHODS) {
    handlers[method] = async (...args: unknown[]) => {
      const problem = checkArgs(ARG_SPECS[method], args);
      if (problem) return err(BAD_ARGUMENTS, `${method}: ${problem}. This is a bug in the caller; reload the window.`);
      return (impl[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    };
  }
  return handlers;
}

/** True when a handler's return value is the bad-arguments error. */
export const isBadArguments = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && (value as { error?: { code?: unknown } }).error?.code === BAD_ARGUMENTS;
