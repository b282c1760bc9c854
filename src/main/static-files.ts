import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { extname, join, relative, isAbsolute } from 'node:path';

/** Content types of the files a built renderer contains (incl. Monaco's workers, fonts and wasm). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.yml': 'text/yaml; charset=utf-8',
};

/** Page shown when `out/renderer` has not been built. */
export const NOT_BUILT_HTML =
  '<!doctype html><meta charset="utf-8"><title>Mortisphere Studio</title><h1>The editor is not built yet</h1><p>Run <code>npm run build</code> in the Mortisphere Studio folder, then start <code>mortisphere serve</code> again.</p>';

/**
 * The path segments of a URL pathname below the served folder (`/` is `index.html`), or null when
 * it is malformed or could leave the folder: undecodable, NUL, backslashes (also encoded), `.`/`..`.
 */
export function pathParts(pathname: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return null;
  const parts = decoded.split('/').filter((p) => p !== '');
  if (parts.some((p) => p === '..' || p === '.')) return null;
  if (parts.length === 0) parts.push('index.html');
  return parts;
}

/**
 * Maps a URL pathname to a file below `dir` and its stats (for the cache headers), or null when it
 * is malformed or escapes the folder (`..`, NUL, backslashes, encoded separators, symlinks out) or
 * is not a file. `/` maps to `index.html`.
 */
export async function staticPath(dir: string, pathname: string): Promise<{ file: string; stats: Stats } | null> {
  const parts = pathParts(pathname);
  if (parts === null) return null;
  try {
    const base = await realpath(dir);
    const real = await realpath(join(base, ...parts));
    const rel = relative(base, real);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return null;
    const stats = await stat(real);
    return stats.isFile() ? { file: real, stats } : null;
  } catch {
    return null;
  }
}

/**
 * A built file named by its content (Vite's `assets/<name>-<hash>.<ext>`, hash of 8+ URL-safe
 * characters): its bytes never change under that name, so the browser may keep it without asking.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/;

/**
 * Cache headers for a built file at URL `pathname`: content-hashed assets are kept for a year
 * without asking (`immutable`), which also lets Chromium keep their compiled code between loads
 * (its V8 code cache follows the HTTP cache), so a reload or a second start does not parse and
 * compile the bundles again. Everything else (`index.html`, unhashed files) is asked for again on
 * each load (`no-cache`) with a validator, so a rebuilt renderer is seen at once.
 */
export function cacheHeaders(pathname: string, stats: Pick<Stats, 'size' | 'mtimeMs'>): Record<string, string> {
  const etag = `W/"${stats.size.toString(16)}-${Math.trunc(stats.mtimeMs).toString(16)}"`;
  return HASHED_ASSET.test(pathname)
    ? { 'Cache-Control': 'public, max-age=31536000, immutable', ETag: etag }
    : { 'Cache-Control': 'no-cache', ETag: etag };
}

/** Whether a request's `If-None-Match` names this ETag (so a 304 answers it). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });
}

/**
 * Streams `file` with its content type and the given extra headers (`Cache-Control: no-cache`
 * unless they say otherwise). A read error or a client that
 * goes away closes both the file and the response and is passed to `onError`; nothing throws.
 */
export function sendFile(res: ServerResponse, file: string, headers: Record<string, string>, headOnly: boolean, onError: (e: Error) => void = () => undefined): void {
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { 'Cache-Control': 'no-cache', ...headers, 'Content-Type': type });
  if (headOnly) {
    res.end();
    return;
  }
  // pipeline, not pipe: a client that goes away mid-file also closes the file descriptor.
  pipeline(createReadStream(file), res, (e) => {
    if (e) onError(e);
  });
}
