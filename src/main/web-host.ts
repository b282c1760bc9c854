import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { ApiMethod } from '../shared/api';
import { API_METHODS } from '../shared/api';
import { err } from '../shared/result';
import type { WireEvent } from '../shared/web-protocol';
import { API_PREFIX, EVENTS_PATH, TOKEN_QUERY } from '../shared/web-protocol';
import { isBadArguments } from './api-handlers';
import type { Services, ServicesOptions } from './compose';
import { createServices } from './compose';
import type { ConnectionLimits } from './connection-guard';
import { ConnectionGuard, DEFAULT_CONNECTION_LIMITS } from './connection-guard';
import { webContentSecurityPolicy } from './csp';
import { describeError } from './last-resort';
import { cacheHeaders, NOT_BUILT_HTML, notModified, sendFile, staticPath } from './static-files';

/** Largest request body accepted (HTTP 413 above). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** Largest WebSocket message a client may send (the page sends none; larger ones close with 1009). */
export const MAX_WS_MESSAGE_BYTES = 1024;

/** Options of `startWebHost`. */
export interface WebHostOptions {
  /** Workspace to open at start (must contain mortisphere.yaml). */
  root: string;
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  dataDir: string;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** Test seams; the real validator and simulation pool by default. */
  services?: Partial<Pick<ServicesOptions, 'validate' | 'runSimulation' | 'templatesDir' | 'fs'>>;
  /** Where internal errors are logged, one line each (default: stderr). */
  log?: (line: string) => void;
  /** Limits on connections without the token (DEFAULT_CONNECTION_LIMITS by default). */
  limits?: Partial<ConnectionLimits>;
}

/** A running web host. */
export interface WebHost {
  port: number;
  token: string;
  /** The banner URL: `http://127.0.0.1:PORT/?token=TOKEN`. */
  url: string;
  /** True when `rendererDir` holds a built renderer. */
  rendererBuilt: boolean;
  /** Stops listening, drops sockets, cancels simulations, stops watching. */
  close(): Promise<void>;
}

/** Error code browser mode returns from `openExternal`: the page opens the https link itself with `window.open`. */
export const USE_WINDOW_OPEN = 'external/use-window-open';

/** Errors that only mean the client went away mid-request (not worth a log line). */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED']);
const clientGone = (e: unknown): boolean => CLIENT_GONE.has(String((e as NodeJS.ErrnoException | undefined)?.code)) || (e as Error | undefined)?.message === 'aborted';

const sameToken = (given: string | undefined, token: string): boolean => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Serves the built renderer and the Api over HTTP/WebSocket on 127.0.0.1 only (src/shared/web-protocol.ts):
 * a per-launch random token (Bearer on `/api/*`, `?token=` on `/events`), 403 for any Host header other
 * than `127.0.0.1:PORT`/`localhost:PORT`, 401 without the token, static files confined to `rendererDir`.
 * No socket event can stop it: every socket, the WebSocket server and each WebSocket have an
 * `'error'` handler; connections that have not presented the token are closed when idle and capped
 * (ConnectionGuard). Opens `root` first; fails with the workspace error value's message if it cannot.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const guard = new ConnectionGuard({ ...DEFAULT_CONNECTION_LIMITS, ...options.limits });
  const token = randomBytes(32).toString('hex');
  const sockets = new Set<WebSocket>();
  const broadcast = (event: string, payload: unknown): void => {
    const message = JSON.stringify({ event, payload } satisfies WireEvent);
    for (const s of sockets) if (s.readyState === s.OPEN) s.send(message);
  };
  const services: Services = await createServices({
    ...options.services,
    dataDir: options.dataDir,
    emit: broadcast,
    openExternal: async () => err(USE_WINDOW_OPEN, 'Browser mode: open the link with window.open in the page.'),
  });
  const opened = await services.workspace.openWorkspace(options.root);
  if (!opened.ok) {
    await services.close();
    throw new Error(opened.error.message);
  }
  const rendererBuilt = existsSync(join(options.rendererDir, 'index.html'));
  let port = 0;
  const hostOk = (req: IncomingMessage): boolean => req.headers.host === `127.0.0.1:${port}` || req.headers.host === `localhost:${port}`;
  const originOk = (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    return origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
  };
  const baseHeaders = (): Record<string, string> => ({
    'Content-Security-Policy': webContentSecurityPolicy(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
  });
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { ...baseHeaders(), 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body ?? null));
  };
  const fail = (res: ServerResponse, status: number, code: string, message: string): void => json(res, status, err(code, message));

  const handleApi = async (req: IncomingMessage, res: ServerResponse, method: string): Promise<void> => {
    const auth = req.headers.authorization;
    if (!sameToken(auth?.startsWith('Bearer ') ? auth.slice(7) : undefined, token)) {
      return fail(res, 401, 'http/unauthorized', 'Missing or wrong token. Open the exact URL that `mortisphere serve` printed.');
    }
    guard.authenticated(req.socket);
    if (req.method !== 'POST') return fail(res, 405, 'http/method', 'Api calls use POST.');
    if (!(API_METHODS as readonly string[]).includes(method)) return fail(res, 404, 'http/unknown-method', `'${method.slice(0, 60)}' is not an Api method.`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        fail(res, 413, 'http/too-large', `Request over ${MAX_BODY_BYTES} bytes refused.`);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    }
    let args: unknown;
    try {
      args = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { args?: unknown }).args;
    } catch {
      return fail(res, 400, 'api/bad-arguments', 'The body must be JSON {"args": [...]}.');
    }
    if (!Array.isArray(args)) return fail(res, 400, 'api/bad-arguments', 'The body must be JSON {"args": [...]}.');
    const value = await services.handlers[method as ApiMethod](...(args as unknown[]));
    json(res, isBadArguments(value) ? 400 : 200, value);
  };

  const server = createServer((req, res) => {
    guard.busy(req.socket);
    res.once('close', () => guard.idle(req.socket));
    void (async () => {
      if (!hostOk(req) || !originOk(req)) return fail(res, 403, 'http/forbidden-host', 'Foreign Host or Origin header refused.');
      const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
      if (url.pathname.startsWith(API_PREFIX)) return handleApi(req, res, url.pathname.slice(API_PREFIX.length));
      if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 405, 'http/method', 'Only GET and HEAD are served here.');
      if (!rendererBuilt) {
        res.writeHead(503, { ...baseHeaders(), 'Content-Type': 'text/html; charset=utf-8' });
        return void res.end(NOT_BUILT_HTML);
      }
      const found = await staticPath(options.rendererDir, url.pathname);
      if (found === null) return fail(res, 404, 'http/not-found', `Nothing at '${url.pathname.slice(0, 200)}'.`);
      const { file, stats } = found;
      const caching = cacheHeaders(url.pathname, stats);
      if (notModified(req.headers['if-none-match'], caching.ETag)) {
        res.writeHead(304, { ...baseHeaders(), ...caching });
        return void res.end();
      }
      sendFile(res, file, { ...baseHeaders(), ...caching }, req.method === 'HEAD', (e) => {
        if (!clientGone(e)) log(`mortisphere serve: could not send '${url.pathname.slice(0, 200)}': ${describeError(e)}`);
      });
    })().catch((e: unknown) => {
      if (!clientGone(e)) log(`mortisphere serve: ${req.method ?? '?'} ${(req.url ?? '').split('?')[0].slice(0, 200)} failed: ${describeError(e)}`);
      if (!res.headersSent) fail(res, 500, 'api/internal', 'Internal error; see the terminal running mortisphere serve.');
      else res.destroy();
    });
  });
  server.on('connection', (socket: Socket) => guard.admit(socket));

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WS_MESSAGE_BYTES });
  wss.on('error', (e) => log(`mortisphere serve: WebSocket server error: ${describeError(e)}`));
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // After an upgrade the HTTP server no longer listens for this socket's errors: a client that
    // resets while we answer must not become an uncaught 'error' event.
    socket.on('error', (e) => {
      if (!clientGone(e)) log(`mortisphere serve: upgrade socket error: ${describeError(e)}`);
      socket.destroy();
    });
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const refuse = (status: string): void => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!hostOk(req) || !originOk(req)) return refuse('403 Forbidden');
    if (url.pathname !== EVENTS_PATH) return refuse('404 Not Found');
    if (!sameToken(url.searchParams.get(TOKEN_QUERY) ?? undefined, token)) return refuse('401 Unauthorized');
    guard.authenticated(socket as Socket);
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      // Oversized (1009) or invalid UTF-8 (1007) frames: ws closes the socket with that code, then
      // emits 'error'; without this listener the error would stop the server.
      ws.on('error', (e: Error & { code?: string }) => {
        if (!String(e.code).startsWith('WS_ERR_') && !clientGone(e)) log(`mortisphere serve: event socket error: ${describeError(e)}`);
      });
      ws.on('close', () => sockets.delete(ws));
      ws.on('message', () => undefined);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // After listening, an accept failure (e.g. EMFILE) is an 'error' event too: log it and keep serving.
  server.on('error', (e) => log(`mortisphere serve: server error (kept serving): ${describeError(e)}`));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?${TOKEN_QUERY}=${token}`,
    rendererBuilt,
    close: async () => {
      for (const s of sockets) s.terminate();
      guard.clear();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
    },
  };
}
