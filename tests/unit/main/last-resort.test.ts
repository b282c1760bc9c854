import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeError, installLastResort } from '../../../src/main/last-resort';
import type { ProcessLike } from '../../../src/main/last-resort';

describe('last-resort handlers (issue 9 item 3)', () => {
  it('log an uncaught exception and an unhandled rejection with their stacks, and keep the process running', () => {
    const proc = new EventEmitter();
    const lines: string[] = [];
    const uninstall = installLastResort((l) => lines.push(l), proc as unknown as ProcessLike);
    const boom = new Error('socket exploded');
    proc.emit('uncaughtException', boom);
    proc.emit('unhandledRejection', 'plain reason');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/internal error \(kept serving; please report it\): Error: socket exploded\n\s+at /);
    expect(lines[1]).toMatch(/internal error in a promise.*plain reason/);
    uninstall();
    expect(proc.listenerCount('uncaughtException')).toBe(0);
    expect(proc.listenerCount('unhandledRejection')).toBe(0);
  });

  it('describes non-errors too', () => {
    expect(describeError(42)).toBe('42');
    expect(describeError(Object.assign(new Error('x'), { stack: undefined }))).toBe('Error: x');
  });
});
