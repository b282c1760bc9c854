import { describe, expect, it, vi } from 'vitest';
import { NO_STATUS, STATUS_CLEAR_MS, syncStatusToasts, toastTimeout } from '../../../../src/renderer/src/state/status-toasts';
import type { StatusSource, ToastSink } from '../../../../src/renderer/src/state/status-toasts';
import type { StatusMessage } from '../../../../src/renderer/src/state/store-types';

/** A tiny store with just the status, and a sink that records the toasts it holds. */
function setup(initial: StatusMessage = NO_STATUS) {
  let status = initial;
  const listeners = new Set<() => void>();
  const store: StatusSource = {
    getState: () => ({ status }),
    set: (p) => {
      status = p.status;
      for (const l of listeners) l();
    },
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const shown = new Map<string, { content: StatusMessage; timeout?: number; onClose?: () => void }>();
  let n = 0;
  const sink: ToastSink = {
    add: (content, options) => {
      const key = `t${++n}`;
      shown.set(key, { content, ...options });
      return key;
    },
    close: (key) => {
      const t = shown.get(key);
      shown.delete(key);
      t?.onClose?.();
    },
  };
  return { store, sink, shown, status: () => status };
}

describe('status messages as toasts (issue 17, item 2)', () => {
  it('information times out; an error or a message with an action stays until dismissed', () => {
    expect(toastTimeout({ text: 'Saved a.yaml', error: false })).toBe(STATUS_CLEAR_MS);
    expect(toastTimeout({ text: 'a.yaml was not saved', error: true })).toBeUndefined();
    expect(toastTimeout({ text: 'Deleted a.yaml', error: false, action: { label: 'Undo delete', run: () => {} } })).toBeUndefined();
  });

  it('shows one toast for the current message; a new message replaces it, so none is stale', () => {
    const { store, sink, shown } = setup();
    const stop = syncStatusToasts(store, sink);
    expect(shown.size).toBe(0);
    store.set({ status: { text: 'Saving a.yaml…', error: false } });
    expect([...shown.values()].map((t) => t.content.text)).toEqual(['Saving a.yaml…']);
    store.set({ status: { text: 'a.yaml was not saved: disk full', error: true } });
    expect([...shown.values()].map((t) => t.content.text)).toEqual(['a.yaml was not saved: disk full']);
    // The replaced toast's close did not clear the new message.
    expect(store.getState().status.text).toBe('a.yaml was not saved: disk full');
    // An unrelated store change (same message object) leaves the toast alone.
    const before = [...shown.keys()];
    store.set({ status: store.getState().status });
    expect([...shown.keys()]).toEqual(before);
    // Clearing the message removes the toast.
    store.set({ status: NO_STATUS });
    expect(shown.size).toBe(0);
    stop();
  });

  it('dismissing (or timing out) clears the message; an action closes the toast and runs', () => {
    const { store, sink, shown, status } = setup();
    syncStatusToasts(store, sink);
    const run = vi.fn();
    store.set({ status: { text: 'Deleted a.yaml', error: false, action: { label: 'Undo delete', run } } });
    const [key] = [...shown.keys()];
    sink.close(key!);
    expect(status()).toEqual(NO_STATUS);
    expect(shown.size).toBe(0);
  });

  it('a message set before mounting is shown; unmounting removes the toast but keeps the message', () => {
    const { store, sink, shown, status } = setup({ text: 'Opened Demo', error: false });
    const stop = syncStatusToasts(store, sink);
    expect(shown.size).toBe(1);
    stop();
    expect(shown.size).toBe(0);
    expect(status().text).toBe('Opened Demo');
    store.set({ status: { text: 'later', error: false } });
    expect(shown.size).toBe(0);
  });
});
