import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from '../../../src/renderer/src/after-paint';

// A page's frames, driven by hand: `frame()` runs the animation callbacks of one frame.
let callbacks: Map<number, FrameRequestCallback>;
const frame = (): void => {
  const due = [...callbacks.values()];
  callbacks.clear();
  for (const cb of due) cb(0);
};

beforeEach(() => {
  vi.useFakeTimers();
  callbacks = new Map();
  let next = 1;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => (callbacks.set(next, cb), next++));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterPaint', () => {
  it('runs once, in a task after the next frame (not inside it, and not before it)', () => {
    const run = vi.fn();
    afterPaint(run);
    vi.advanceTimersByTime(0);
    expect(run).not.toHaveBeenCalled();
    frame();
    expect(run).not.toHaveBeenCalled(); // not in the frame's own callbacks
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    frame();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after `latestMs` when no frame comes (a hidden page paints none)', () => {
    const run = vi.fn();
    afterPaint(run, 200);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    frame();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancelled before it ran, it never runs', () => {
    const run = vi.fn();
    const cancel = afterPaint(run);
    frame();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    expect(callbacks.size).toBe(0);
  });
});
