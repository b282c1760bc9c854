import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiEventName, ApiEvents } from '../shared/api';
import type { Diagnostic } from '../shared/diagnostics';
import type { Result } from '../shared/result';
import type { ApiHandlers } from './api-handlers';
import { createApiHandlers } from './api-handlers';
import type { SimulationRunner } from './services/sim-jobs';
import { SimulationJobs } from './services/sim-jobs';
import type { AtomicFs } from './services/atomic-write';
import { runForecast } from './services/forecast';
import { runSimulation } from './services/simulation';
import { createWorkerValidator } from './services/validation-worker';
import { WorkspaceService } from './services/workspace';
import { validateFiles } from '../shared/validation';

/** Sends one main → renderer event to every attached window or socket. */
export type EventSink = <E extends ApiEventName>(event: E, payload: ApiEvents[E]) => void;

/** Validates whole workspaces; the project validator (in a worker thread) by default. */
export type ValidateFn = (files: { path: string; text: string }[]) => Diagnostic[] | Promise<Diagnostic[]>;

/** Options of `createServices`. */
export interface ServicesOptions {
  dataDir: string;
  emit: EventSink;
  templatesDir?: string;
  validate?: ValidateFn;
  runSimulation?: SimulationRunner;
  pickFolder?: () => Promise<string | null>;
  openExternal: (url: string) => Promise<Result<null>>;
  /** Electron's PDF export; absent in browser mode. */
  exportPdf?: (html: string, suggestedName: string) => Promise<Result<{ path: string }>>;
  /** Electron's "show in the file manager"; absent in browser mode. */
  revealPath?: (absolute: string) => Promise<void>;
  watch?: boolean;
  fs?: AtomicFs;
}

/** Everything one window or web host needs. */
export interface Services {
  workspace: WorkspaceService;
  simulations: SimulationJobs;
  handlers: ApiHandlers;
  /** Cancels simulations, stops watching and stops the validation worker. */
  close(): Promise<void>;
}

/**
 * The `resources/` folder: next to the sources in a checkout or a build (`out/main/../../resources`),
 * or `process.resourcesPath/resources` in a packaged app.
 */
export function resourcesDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', 'resources'), join(here, '..', '..', '..', 'resources')];
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged) candidates.unshift(join(packaged, 'resources'));
  return candidates.find((c) => existsSync(join(c, 'templates'))) ?? candidates[candidates.length - 1];
}

/** The project validator (`validateFiles` of src/shared/validation), in this thread. */
const inlineValidate = (files: { path: string; text: string }[]): Diagnostic[] => validateFiles(files).diagnostics;

/**
 * The worker-pool simulation service. Imported statically so the bundle keeps it in
 * out/main/index.js; the workers it spawns are the bundles in out/main/workers/ (worker-entry.ts).
 */
const defaultRunner: SimulationRunner = (request, options) => runSimulation(request, options);

/**
 * Wires the services and the shared Api handlers for one host (Electron or the web host). The
 * validator and the simulation pool are the real ones unless injected (tests).
 */
export async function createServices(options: ServicesOptions): Promise<Services> {
  // A workspace is validated in a worker thread, so a big or hostile one never blocks the host.
  const worker = options.validate ? null : createWorkerValidator({ inline: inlineValidate });
  const validate: ValidateFn = options.validate ?? ((files) => worker!.validate(files));
  const workspace = new WorkspaceService({
    dataDir: options.dataDir,
    templatesDir: options.templatesDir ?? join(resourcesDir(), 'templates'),
    validate,
    watch: options.watch,
    fs: options.fs,
    onFileChange: (e) => options.emit('main:file-changed', e),
  });
  const simulations = new SimulationJobs(
    options.runSimulation ?? defaultRunner,
    (p) => options.emit('main:sim-progress', p),
    (d) => options.emit('main:sim-done', d),
  );
  const handlers = createApiHandlers({
    workspace,
    simulations,
    runForecast: (request, o) => runForecast(request, o),
    pickFolder: options.pickFolder,
    openExternal: options.openExternal,
    exportPdf: options.exportPdf,
    revealPath: options.revealPath,
  });
  return {
    workspace,
    simulations,
    handlers,
    close: async () => {
      simulations.cancelAll();
      await workspace.close();
      await worker?.close();
    },
  };
}
