import { describe, expect, it, vi } from 'vitest';
import { API_EVENTS, API_METHODS, channelOf } from '../../../src/shared/api';

const exposed: Record<string, unknown> = {};
const ipc = {
  invoke: vi.fn(async (...args: unknown[]) => ({ ok: true, value: args })),
  on: vi.fn(),
  removeListener: vi.fn(),
};
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => (exposed[key] = value) },
  ipcRenderer: ipc,
}));

await import('../../../src/preload/index');
const api = exposed.mortisphere as Record<string, (...a: unknown[]) => unknown>;

describe('preload', () => {
  it('exposes exactly the Api as window.mortisphere and nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['mortisphere']);
    expect(Object.keys(api).sort()).toEqual([...API_METHODS, 'on'].sort());
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe('function');
  });

  it('each method invokes its own channel with exactly the caller’s arguments', async () => {
    for (const method of API_METHODS) {
      ipc.invoke.mockClear();
      await api[method]('a', 2);
      expect(ipc.invoke).toHaveBeenCalledWith(channelOf(method), 'a', 2);
    }
  });

  it('on() accepts only the Api events and returns an unsubscribe function', () => {
    for (const event of API_EVENTS) {
      const listener = vi.fn();
      const off = api.on(event, listener) as () => void;
      const wrapped = ipc.on.mock.calls.at(-1)![1] as (e: unknown, p: unknown) => void;
      expect(ipc.on.mock.calls.at(-1)![0]).toBe(event);
      wrapped({ sender: 'hidden' }, { kind: 'add', path: 'a.yaml' });
      expect(listener).toHaveBeenCalledWith({ kind: 'add', path: 'a.yaml' });
      off();
      expect(ipc.removeListener).toHaveBeenCalledWith(event, wrapped);
    }
    expect(() => api.on('api:readFile', () => undefined)).toThrow(/unknown event/);
    expect(() => api.on('toString', () => undefined)).toThrow(/unknown event/);
    expect(() => api.on('main:file-changed', 'nope')).toThrow(/function/);
  });
});
