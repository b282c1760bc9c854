import { readFile } from 'node:fs';
import { extname, join } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './csp';
import { CONTENT_TYPES, pathParts } from './static-files';

/**
 * The Electron window loads the built renderer from this scheme, not from file://: Chromium keeps
 * compiled JavaScript (its V8 code cache) only for http(s) and for custom schemes registered with
 * `codeCache`, so from file:// every start parses and compiles every bundle again.
 */
export const APP_SCHEME = 'mortisphere-app';
/** The one host of the scheme (a standard scheme needs one; it makes the page's origin). */
export const APP_HOST = 'studio';
/** The page the window loads. */
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * How the scheme is registered (before the app is ready): standard (an origin, relative URLs, web
 * storage), secure (like https), fetch and CORS-mode requests allowed (module scripts and module
 * workers are fetched in CORS mode) — the four VS Code gives its own `vscode-file` scheme — and the
 * V8 code cache on.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
} as const;

/** Whether a URL is the app's own page (any query or hash). */
export function isAppPage(url: URL): boolean {
  return url.protocol === `${APP_SCHEME}:` && url.host === APP_HOST && url.pathname === '/index.html';
}

/** Reads a file's bytes (in the packaged app, from inside app.asar: Electron's fs reads it). */
export type ReadBytes = (file: string) => Promise<Uint8Array>;

/** `fs.readFile` as a promise (the callback form, which Electron's asar support covers). */
export const readBytes: ReadBytes = (file) =>
  new Promise((resolve, reject) => readFile(file, (e, data) => (e ? reject(e) : resolve(data))));

const notFound = (what: string): Response =>
  new Response(`Not found: ${what.slice(0, 200)}`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * The response to one request of the scheme: a file of the built renderer in `rendererDir`, with
 * its content type, the app's Content-Security-Policy and nosniff; 404 for another host, a path
 * that could leave the folder (`..`, NUL, backslashes, also encoded), or a file that is not there;
 * 405 for anything but GET and HEAD. Never throws.
 */
export async function appResponse(rendererDir: string, request: Pick<Request, 'url' | 'method'>, read: ReadBytes = readBytes): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return notFound(request.url);
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return notFound(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Only GET and HEAD are served here.', { status: 405 });
  const parts = pathParts(url.pathname);
  if (parts === null) return notFound(url.pathname);
  const file = join(rendererDir, ...parts);
  let bytes: Uint8Array;
  try {
    bytes = await read(file);
  } catch {
    return notFound(url.pathname); // missing, a folder, or unreadable
  }
  const headers = {
    'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
  return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
}
