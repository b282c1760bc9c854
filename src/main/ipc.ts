import type { IpcMainInvokeEvent } from 'electron';
import { API_METHODS, channelOf } from '../shared/api';
import { err } from '../shared/result';
import type { ApiHandlers } from './api-handlers';
import { isAppPage } from './app-protocol';

/** The parts of `ipcMain` the adapter uses. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

/** Where the app's own page is loaded from. */
export interface TrustedOrigin {
  /** The built renderer's index.html as a file:// URL (the way earlier versions loaded it). */
  rendererFileUrl: string;
  /** Whether the page of the app's own scheme (app-protocol.ts, how the window loads it) is trusted. */
  appPage?: boolean;
  /** The electron-vite dev server URL (development only). */
  devServerUrl?: string;
}

/**
 * True when an IPC call comes from the app's own page: the top frame, loaded from the built
 * index.html (query and hash ignored) or from the dev server's origin.
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, trusted: TrustedOrigin): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  if (trusted.appPage && isAppPage(url)) return true;
  if (url.protocol === 'file:') {
    const expected = new URL(trusted.rendererFileUrl);
    return url.pathname === expected.pathname;
  }
  if (trusted.devServerUrl) {
    try {
      return url.origin === new URL(trusted.devServerUrl).origin;
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Registers one `ipcMain.handle('api:<method>')` per Api method, each refusing foreign senders with
 * `api/untrusted-sender` and otherwise calling the shared handler. Returns an unregister function.
 */
export function registerIpc(ipcMain: IpcMainLike, handlers: ApiHandlers, trusted: TrustedOrigin): () => void {
  for (const method of API_METHODS) {
    ipcMain.handle(channelOf(method), async (event, ...args) => {
      if (!isTrustedSender(event, trusted)) {
        return err('api/untrusted-sender', `${method} was called from a page that is not Mortisphere Studio's own; refused.`);
      }
      return handlers[method](...args);
    });
  }
  return () => {
    for (const method of API_METHODS) ipcMain.removeHandler(channelOf(method));
  };
}
