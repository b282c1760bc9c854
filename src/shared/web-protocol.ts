/**
 * Wire protocol of browser mode (`mortisphere serve`, `src/main/web-host.ts`), shared by the
 * host and the renderer's HTTP client so the two cannot drift.
 *
 * - `POST /api/<method>` with body `{"args": [...]}` and header `Authorization: Bearer <token>`;
 *   the response body is the method's JSON return value (a `Result`).
 *   401: missing or wrong token; 403: foreign Host header; 404: unknown method; 400: bad arguments.
 * - WebSocket `GET /events?token=<token>`: each message is `{"event": ApiEventName, "payload": …}`.
 * - Static files of the built renderer are served from `/`; the page reads its token from `?token=`.
 */
export const API_PREFIX = '/api/';
export const EVENTS_PATH = '/events';
export const TOKEN_QUERY = 'token';

/** One main → renderer event as sent over the WebSocket. */
export interface WireEvent {
  event: string;
  payload: unknown;
}

/** The single line `mortisphere serve` prints once it listens. */
export const serveBanner = (port: number, token: string): string =>
  `Mortisphere Studio: http://127.0.0.1:${port}/?${TOKEN_QUERY}=${token}`;
