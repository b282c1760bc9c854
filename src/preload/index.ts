import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { Api, ApiEventName, ApiEvents, ApiMethod } from '../shared/api';

/**
 * Every request/response method of the Api. A `Record` keyed by `ApiMethod`, so the compiler fails
 * if one is missing or extra; the contract test checks it against `API_METHODS`. (The preload imports
 * only types from src/shared.)
 */
const METHODS: Record<ApiMethod, true> = {
  openWorkspace: true,
  currentWorkspace: true,
  recentWorkspaces: true,
  listDocuments: true,
  readFile: true,
  readAllFiles: true,
  writeFile: true,
  writeFiles: true,
  deleteFile: true,
  validate: true,
  listTemplates: true,
  listHistory: true,
  readHistory: true,
  saveDraft: true,
  clearDraft: true,
  listDrafts: true,
  startSimulation: true,
  startForecast: true,
  cancelSimulation: true,
  openExternal: true,
  exportPdf: true,
  revealFile: true,
};

/** The main → renderer events a page may listen to. */
const EVENTS: Record<ApiEventName, true> = { 'main:file-changed': true, 'main:sim-progress': true, 'main:sim-done': true };

/** The parts of `ipcRenderer` the bridge uses. */
export type IpcBridge = Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>;

/**
 * Builds the object exposed as `window.mortisphere`: exactly the Api — one function per method that
 * invokes `api:<method>` with the caller's arguments (main validates them), plus `on` for the
 * `API_EVENTS` names only. Nothing of Electron leaks to the page.
 */
export function buildBridge(ipc: IpcBridge): Api {
  const bridge: Record<string, unknown> = {};
  for (const method of Object.keys(METHODS)) {
    bridge[method] = (...args: unknown[]) => ipc.invoke(`api:${method}`, ...args);
  }
  bridge.on = <E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void): (() => void) => {
    if (typeof event !== 'string' || !Object.prototype.hasOwnProperty.call(EVENTS, event)) {
      throw new TypeError(`window.mortisphere.on: unknown event '${String(event)}'; use one of ${Object.keys(EVENTS).join(', ')}.`);
    }
    if (typeof listener !== 'function') throw new TypeError('window.mortisphere.on: the listener must be a function.');
    const wrapped = (_event: IpcRendererEvent, payload: ApiEvents[E]): void => listener(payload);
    ipc.on(event, wrapped);
    return () => {
      ipc.removeListener(event, wrapped);
    };
  };
  return bridge as unknown as Api;
}

contextBridge.exposeInMainWorld('mortisphere', buildBridge(ipcRenderer));
