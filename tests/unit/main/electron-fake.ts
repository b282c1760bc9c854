import { vi } from 'vitest';

/** A recording stand-in for the parts of Electron the main process uses (Electron cannot run here). */
export function makeElectronFake(dataDir: string) {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
  const appListeners = new Map<string, ((...a: unknown[]) => void)[]>();
  const windows: FakeWindow[] = [];
  const openExternal = vi.fn(async () => undefined);
  /** The order of the calls whose order matters (the scheme must be registered before ready). */
  const order: string[] = [];
  let schemeHandler: ((request: { url: string; method: string }) => Promise<Response>) | null = null;
  let headersHook: ((details: { responseHeaders: Record<string, string[]> }, cb: (r: unknown) => void) => void) | null = null;
  let permissionHook: ((wc: unknown, perm: string, cb: (allow: boolean) => void) => void) | null = null;
  let permissionCheck: ((wc: unknown, perm: string, origin: string, details: unknown) => boolean) | null = null;

  class FakeContents {
    listeners = new Map<string, ((...a: unknown[]) => void)[]>();
    openHandler: ((d: { url: string }) => { action: string }) | null = null;
    sent: [string, unknown][] = [];
    on(name: string, fn: (...a: unknown[]) => void) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
      return this;
    }
    setWindowOpenHandler(fn: (d: { url: string }) => { action: string }) {
      this.openHandler = fn;
    }
    send(event: string, payload: unknown) {
      this.sent.push([event, payload]);
    }
  }
  class FakeWindow {
    webContents = new FakeContents();
    constructor(public options: { webPreferences: Record<string, unknown> }) {
      windows.push(this);
    }
    once() {}
    on() {}
    show() {}
    isDestroyed() {
      return false;
    }
    loadFile = vi.fn(async () => undefined);
    loadURL = vi.fn(async () => undefined);
  }
  const electron = {
    app: {
      setPath: vi.fn(),
      getPath: () => dataDir,
      enableSandbox: vi.fn(),
      whenReady: async () => void order.push('whenReady'),
      isPackaged: true,
      on(name: string, fn: (...a: unknown[]) => void) {
        appListeners.set(name, [...(appListeners.get(name) ?? []), fn]);
      },
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow: FakeWindow,
    ipcMain: {
      handle: (channel: string, fn: (event: unknown, ...args: unknown[]) => Promise<unknown>) => {
        if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
        handlers.set(channel, fn);
      },
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (fn: typeof headersHook) => (headersHook = fn) },
        setPermissionRequestHandler: (fn: typeof permissionHook) => (permissionHook = fn),
        setPermissionCheckHandler: (fn: typeof permissionCheck) => (permissionCheck = fn),
      },
    },
    protocol: {
      registerSchemesAsPrivileged: vi.fn(() => void order.push('registerSchemesAsPrivileged')),
      handle: vi.fn((_scheme: string, fn: typeof schemeHandler) => {
        order.push('handle');
        schemeHandler = fn;
      }),
    },
    dialog: { showOpenDialog: vi.fn(async () => ({ canceled: true, filePaths: [] })), showErrorBox: vi.fn() },
    shell: { openExternal },
  };
  return {
    electron,
    handlers,
    windows,
    appListeners,
    openExternal,
    order,
    schemeHandler: () => schemeHandler,
    headersHook: () => headersHook,
    permissionHook: () => permissionHook,
    permissionCheck: () => permissionCheck,
  };
}
