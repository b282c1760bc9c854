/**
 * The status message shown as a toast (issue 17, item 2): one toast at a time mirrors
 * `store.status`. A new message replaces the shown one (no stale message stays); an information
 * message closes itself after STATUS_CLEAR_MS; an error, or a message offering an action
 * ("Undo delete"), stays until dismissed or replaced. Closing the toast clears the message.
 */
import type { StatusMessage } from './store-types';

/** How long an information message stays (errors and messages with an action stay until dismissed). */
export const STATUS_CLEAR_MS = 8000;

/** The cleared message. */
export const NO_STATUS: StatusMessage = { text: '', error: false };

/** The part of a react-aria ToastQueue this uses. */
export interface ToastSink {
  add(content: StatusMessage, options: { timeout?: number; onClose?: () => void }): string;
  close(key: string): void;
}

/** The part of the workspace store this uses. */
export interface StatusSource {
  getState(): { status: StatusMessage };
  set(patch: { status: StatusMessage }): void;
  subscribe(fn: () => void): () => void;
}

/** A toast's timeout for `status`: undefined (stays) for an error or a message with an action. */
export const toastTimeout = (status: StatusMessage): number | undefined =>
  status.error || status.action ? undefined : STATUS_CLEAR_MS;

/**
 * Keeps `sink` showing the store's current message: called once now and on every store change
 * (a cheap identity check when the message did not change). Returns the unsubscribe function.
 */
export function syncStatusToasts(store: StatusSource, sink: ToastSink): () => void {
  let shown: { status: StatusMessage; key: string } | null = null;
  let disposed = false;
  const update = (): void => {
    const status = store.getState().status;
    if (shown?.status === status) return;
    if (shown) {
      const old = shown.key;
      shown = null;
      sink.close(old);
    }
    if (status.text === '') return;
    const entry = { status, key: '' };
    entry.key = sink.add(status, {
      timeout: toastTimeout(status),
      onClose: () => {
        if (shown === entry) shown = null;
        if (!disposed && store.getState().status === status) store.set({ status: NO_STATUS });
      },
    });
    shown = entry;
  };
  update();
  const unsubscribe = store.subscribe(update);
  // Unmounting removes the toast but keeps the message (a remount shows it again).
  return () => {
    unsubscribe();
    disposed = true;
    if (shown) {
      const old = shown.key;
      shown = null;
      sink.close(old);
    }
  };
}
