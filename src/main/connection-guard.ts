import type { Socket } from 'node:net';

/** Limits on connections that have not presented the token. */
export interface ConnectionLimits {
  /** An unauthenticated connection idle (no request in flight) this long is closed, in ms. */
  unauthenticatedIdleMs: number;
  /** Most unauthenticated connections open at once; above it the oldest is closed. */
  maxUnauthenticated: number;
}

/**
 * Defaults: 5 s idle (Node's own keep-alive timeout) and 100 connections, far above the 6 per host a
 * browser opens to load the page, far below the 1,024 file descriptors of a default `ulimit -n`.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { unauthenticatedIdleMs: 5000, maxUnauthenticated: 100 };

interface Pending {
  timer: NodeJS.Timeout | null;
  busy: number;
}

/**
 * Keeps connections that have not authenticated from piling up (a page can open thousands): each
 * one is closed after `unauthenticatedIdleMs` without a request in flight, and when more than
 * `maxUnauthenticated` are open the oldest is closed. A connection that presents the token (an Api
 * call or the event WebSocket) leaves the guard's care for good.
 */
export class ConnectionGuard {
  private readonly pending = new Map<Socket, Pending>();

  constructor(private readonly limits: ConnectionLimits) {}

  /** How many unauthenticated connections are open. */
  get size(): number {
    return this.pending.size;
  }

  /** A new connection: starts its idle timer and enforces the cap. */
  admit(socket: Socket): void {
    const entry: Pending = { timer: null, busy: 0 };
    this.pending.set(socket, entry);
    socket.once('close', () => this.release(socket));
    this.arm(socket, entry);
    while (this.pending.size > this.limits.maxUnauthenticated) {
      const oldest = this.pending.keys().next().value as Socket;
      this.release(oldest);
      oldest.destroy();
    }
  }

  /** A request started on `socket`: it is not idle until `idle` is called. */
  busy(socket: Socket): void {
    const entry = this.pending.get(socket);
    if (!entry) return;
    entry.busy++;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
  }

  /** A request on `socket` finished (or was aborted). */
  idle(socket: Socket): void {
    const entry = this.pending.get(socket);
    if (!entry) return;
    entry.busy = Math.max(0, entry.busy - 1);
    if (entry.busy === 0) this.arm(socket, entry);
  }

  /** `socket` presented the token: no idle timeout, not counted any more. */
  authenticated(socket: Socket): void {
    this.release(socket);
  }

  /** Forgets every connection (the server is closing them). */
  clear(): void {
    for (const socket of [...this.pending.keys()]) this.release(socket);
  }

  private arm(socket: Socket, entry: Pending): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      this.release(socket);
      socket.destroy();
    }, this.limits.unauthenticatedIdleMs);
    entry.timer.unref();
  }

  private release(socket: Socket): void {
    const entry = this.pending.get(socket);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    this.pending.delete(socket);
  }
}
