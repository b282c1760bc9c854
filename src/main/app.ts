import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import { ok } from '../shared/result';
import { APP_INDEX_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES, appResponse } from './app-protocol';
import type { Services } from './compose';
import { createServices, resourcesDir } from './compose';
import { CONTENT_SECURITY_POLICY } from './csp';
import type { TrustedOrigin } from './ipc';
import { registerIpc } from './ipc';
import { exportPdf } from './print-pdf';
import { defaultDataDir } from './services/data-dir';
import { lockDownContents, mainWindowOptions } from './window';

const here = fileURLToPath(new URL('.', import.meta.url));
/** Built layout: out/main/index.js, out/preload/index.cjs, out/renderer/index.html. */
const PRELOAD = join(here, '..', 'preload', 'index.cjs');
const RENDERER_DIR = join(here, '..', 'renderer');
const RENDERER_HTML = join(RENDERER_DIR, 'index.html');

/** The example workspace opened on first start. */
export const exampleWorkspace = (): string => join(resourcesDir(), 'examples', 'ashen-reach');

/**
 * Starts the Electron app: CSP on every response, permission requests and checks denied, every
 * page locked down (navigation of the page and of any frame and window.open denied, https links
 * to the OS browser), one sandboxed window whose
 * IPC handlers serve the Api, and the last recent workspace (or the example) opened.
 * Resolves with the window and services once the page is loading.
 */
export async function startElectronApp(): Promise<{ window: BrowserWindow; services: Services }> {
  app.setPath('userData', defaultDataDir());
  app.enableSandbox();
  const openInBrowser = (url: string): void => void shell.openExternal(url);
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, openInBrowser));
  // Before the app is ready: the page and its bundles come from this scheme (app-protocol.ts), so
  // Chromium keeps their compiled code between starts.
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  await app.whenReady();
  protocol.handle(APP_SCHEME, (request) => appResponse(RENDERER_DIR, request));

  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });
  // No page of the app needs a permission (camera, notifications, clipboard-read…): deny both the
  // requests and the synchronous checks.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  const icon = join(resourcesDir(), 'icon.png');
  const window = new BrowserWindow(mainWindowOptions(PRELOAD, existsSync(icon) ? icon : undefined));
  lockDownContents(window.webContents, openInBrowser);
  window.once('ready-to-show', () => window.show());

  const services = await createServices({
    dataDir: app.getPath('userData'),
    emit: (event, payload) => {
      if (!window.isDestroyed()) window.webContents.send(event, payload);
    },
    pickFolder: async () => {
      const picked = await dialog.showOpenDialog(window, { title: 'Open a Mortisphere workspace', properties: ['openDirectory'] });
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    openExternal: async (url) => {
      await shell.openExternal(url);
      return ok(null);
    },
    exportPdf: (html, name) => exportPdf({ BrowserWindow, dialog }, html, name),
    revealPath: async (absolute) => shell.showItemInFolder(absolute),
  });
  const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const trusted: TrustedOrigin = { rendererFileUrl: pathToFileURL(RENDERER_HTML).href, devServerUrl, appPage: true };
  registerIpc(ipcMain, services.handlers, trusted);

  const recent = await services.workspace.recentWorkspaces();
  for (const candidate of [...recent.slice(0, 1), exampleWorkspace()]) {
    if ((await services.workspace.openWorkspace(candidate)).ok) break;
  }

  window.on('closed', () => void services.close());
  app.on('window-all-closed', () => {
    void services.close().finally(() => app.quit());
  });
  await window.loadURL(devServerUrl ?? APP_INDEX_URL);
  return { window, services };
}
