import type { BrowserWindowConstructorOptions, WebContents, WebPreferences } from 'electron';
import { checkExternalUrl } from './api-handlers';

/** The webPreferences of every window: isolated, sandboxed, no Node in the page, no webviews. */
export const secureWebPreferences = (preload: string): WebPreferences => ({
  preload,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
});

/** Options of the main window. */
export const mainWindowOptions = (preload: string, icon?: string): BrowserWindowConstructorOptions => ({
  width: 1400,
  height: 900,
  minWidth: 800,
  minHeight: 500,
  show: false,
  title: 'Mortisphere Studio',
  backgroundColor: '#14161a',
  ...(icon ? { icon } : {}),
  webPreferences: secureWebPreferences(preload),
});

/**
 * Locks a page down: every navigation away (of the page or of any frame) and every `window.open` is
 * denied; https links are handed to `openExternal` (the OS browser) instead, anything else is
 * dropped. Webviews cannot attach.
 */
export function lockDownContents(contents: WebContents, openExternal: (url: string) => void): void {
  const toBrowser = (url: string): void => {
    const checked = checkExternalUrl(url);
    if (checked.ok) openExternal(checked.value);
  };
  contents.setWindowOpenHandler(({ url }) => {
    toBrowser(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    toBrowser(url);
  });
  // Frames too (will-navigate covers only the top frame): nothing the app shows navigates.
  contents.on('will-frame-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
