import type { Api, ApiEventName, ApiEvents, ApiMethod } from '../../shared/api';
import { API_METHODS } from '../../shared/api';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';
import type { WireEvent } from '../../shared/web-protocol';
import { API_PREFIX, EVENTS_PATH, TOKEN_QUERY } from '../../shared/web-protocol';

/** What the HTTP client needs from its host; tests pass Node's fetch and the `ws` WebSocket. */
export interface HttpApiDeps {
  fetch: typeof fetch;
  WebSocket: new (url: string) => WebSocketLike;
  /** Milliseconds before reconnecting a dropped event socket; default 1000. */
  reconnectMs?: number;
}

/** The part of a WebSocket the client uses (browser WebSocket and `ws` both fit). */
export interface WebSocketLike {
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror?: ((ev: unknown) => void) | null;
  close(): void;
}

type Listener = (payload: unknown) => void;

/**
 * Api methods that may outlive the page (sent with `keepalive` so a draft survives a reload, and a
 * simulation the reloaded page no longer watches is stopped).
 */
const KEEPALIVE: ReadonlySet<ApiMethod> = new Set<ApiMethod>(['saveDraft', 'clearDraft', 'cancelSimulation']);

/**
 * An `Api` over the browser-mode wire protocol (src/shared/web-protocol.ts).
 * Guarantees: every method resolves (never rejects) — network and protocol failures become
 * `Result` errors with code `api/unreachable` or `api/http-<status>`; events are delivered to
 * listeners of `on` and the event socket reconnects after a drop until the last listener leaves.
 */
export function createHttpApi(baseUrl: string, token: string, deps: HttpApiDeps): Api {
  const base = baseUrl.replace(/\/+$/, '');
  const listeners = new Map<string, Set<Listener>>();
  let socket: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const call = async (method: ApiMethod, args: unknown[]): Promise<unknown> => {
    const body = JSON.stringify({ args: trim(args) });
    let response: Response;
    try {
      response = await deps.fetch(`${base}${API_PREFIX}${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body,
        keepalive: KEEPALIVE.has(method) && body.length < 60_000,
      });
    } catch (e) {
      return err('api/unreachable', `Mortisphere Studio could not reach its server for '${method}' (${String(e)}). Check that \`mortisphere serve\` is still running, then reload the page.`);
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const body = parseJson(text);
      if (isResultError(body)) return body;
      return err(`api/http-${response.status}`, `The server refused '${method}' with HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}. ${response.status === 401 ? 'Open the exact URL that `mortisphere serve` printed (it carries the access token).' : 'Reload the page; if it persists, restart `mortisphere serve`.'}`);
    }
    try {
      return text === '' ? null : JSON.parse(text);
    } catch {
      return err('api/bad-response', `The server answered '${method}' with something that is not JSON. Restart \`mortisphere serve\` and reload the page.`);
    }
  };

  const connect = (): void => {
    if (socket || listeners.size === 0) return;
    const wsBase = base.replace(/^http/, 'ws');
    let ws: WebSocketLike;
    try {
      ws = new deps.WebSocket(`${wsBase}${EVENTS_PATH}?${TOKEN_QUERY}=${encodeURIComponent(token)}`);
    } catch {
      schedule();
      return;
    }
    socket = ws;
    ws.onerror = () => undefined;
    ws.onmessage = (ev) => {
      let wire: WireEvent;
      try {
        wire = JSON.parse(typeof ev.data === 'string' ? ev.data : String(ev.data)) as WireEvent;
      } catch {
        return;
      }
      for (const l of listeners.get(wire.event) ?? []) l(wire.payload);
    };
    ws.onclose = () => {
      if (socket === ws) socket = null;
      schedule();
    };
  };
  const schedule = (): void => {
    if (timer || listeners.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, deps.reconnectMs ?? 1000);
  };

  const api: Record<string, unknown> = {};
  for (const method of API_METHODS) api[method] = (...args: unknown[]) => call(method, args);
  api.on = <E extends ApiEventName>(event: E, listener: (payload: ApiEvents[E]) => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    connect();
    return () => {
      set.delete(listener as Listener);
      if (set.size === 0) listeners.delete(event);
      if (listeners.size === 0) {
        if (timer) clearTimeout(timer);
        timer = null;
        const s = socket;
        socket = null;
        s?.close();
      }
    };
  };
  return api as unknown as Api;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isResultError(v: unknown): v is Result<never> {
  if (!v || typeof v !== 'object') return false;
  const r = v as { ok?: unknown; error?: { code?: unknown; message?: unknown } };
  return r.ok === false && typeof r.error?.code === 'string' && typeof r.error?.message === 'string';
}

/** Drops trailing `undefined` arguments, which JSON would turn into `null`. */
function trim(args: unknown[]): unknown[] {
  let n = args.length;
  while (n > 0 && args[n - 1] === undefined) n--;
  return args.slice(0, n);
}

/** Reads the access token from a page URL (`?token=`), or null. */
export function tokenFromUrl(href: string): string | null {
  try {
    return new URL(href).searchParams.get(TOKEN_QUERY);
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    mortisphere?: Api;
  }
}

/**
 * The Api of this window: the preload's `window.mortisphere` in Electron, otherwise an HTTP client
 * of the server that served the page, authenticated by the page's `?token=`. Null when neither
 * is available (the page was opened without its token).
 */
export function getApi(): Api | null {
  if (window.mortisphere) return window.mortisphere;
  const token = tokenFromUrl(window.location.href);
  if (!token) return null;
  const api = createHttpApi(window.location.origin, token, {
    fetch: window.fetch.bind(window),
    WebSocket: window.WebSocket as unknown as HttpApiDeps['WebSocket'],
  });
  const openExternal = api.openExternal;
  api.openExternal = async (url) => {
    const r = await openExternal(url);
    // Browser mode: the host cannot open a browser tab, so the page does (https links only).
    if (!r.ok && r.error.code === USE_WINDOW_OPEN && /^https:\/\//i.test(url)) {
      window.open(url, '_blank', 'noopener,noreferrer');
      return ok(null);
    }
    return r;
  };
  return api;
}

/** The host's answer to `openExternal` in browser mode (src/main/web-host.ts): open it from the page. */
export const USE_WINDOW_OPEN = 'external/use-window-open';
