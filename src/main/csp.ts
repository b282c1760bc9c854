/**
 * The Content-Security-Policy of every renderer page, Electron and browser mode alike. Monaco needs
 * inline styles and blob: workers; nothing needs eval, remote scripts or plugins.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; worker-src 'self' blob:; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The browser-mode policy: the same, plus the event WebSocket of this host (`'self'` does not cover ws: everywhere). */
export const webContentSecurityPolicy = (port: number): string =>
  `${CONTENT_SECURITY_POLICY}; connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`;
