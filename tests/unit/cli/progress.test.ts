import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, formatProgress, progressStream } from '../../../src/cli/progress';
import { capture } from './cli-capture';

const fakeTerminal = (columns = 120) => {
  const writes: string[] = [];
  return { writes, stream: { columns, write: (s: string) => void writes.push(s) } };
};

describe('progress line', () => {
  it('formats done/total, rate and ETA', () => {
    expect(formatProgress('simulate', 'runs', 12345, 1_000_000, 4210, 234_000)).toBe('simulate  12,345/1,000,000 runs (1.2%)  4,210 runs/s  ETA 3m 54s');
    expect(formatProgress('simulate', 'runs', 3000, null, 1500, null)).toBe('simulate  3,000 runs  1,500 runs/s');
    expect(formatDuration(3_725_000)).toBe('1h 02m');
    expect(formatDuration(12_400)).toBe('12s');
  });

  it('draws a few times a second at most, nothing for short work, and erases itself at the end', () => {
    let now = 0;
    const { writes, stream } = fakeTerminal();
    const p = createProgress(stream, { label: 'simulate', unit: 'runs', clock: () => now });
    p.update(10, 100);
    now = 100;
    p.update(20, 100);
    expect(writes).toEqual([]);
    now = 1000;
    p.update(50, 100);
    expect(writes).toEqual(['\r\x1b[Ksimulate  50/100 runs (50.0%)  50 runs/s  ETA 1s']);
    now = 1100;
    p.update(60, 100);
    expect(writes).toHaveLength(1);
    now = 1300;
    p.update(65, 100);
    expect(writes).toHaveLength(2);
    p.clear();
    expect(writes.at(-1)).toBe('\r\x1b[K');
    p.clear();
    expect(writes).toHaveLength(3);
  });

  it('never writes a line wider than the terminal', () => {
    let now = 0;
    const { writes, stream } = fakeTerminal(20);
    const p = createProgress(stream, { label: 'simulate', unit: 'runs', clock: () => now });
    now = 500;
    p.update(5, 10);
    expect(writes[0].replace('\r\x1b[K', '').length).toBeLessThanOrEqual(19);
  });

  it('is a no-op without a terminal, and there is none with --json, --csv or --quiet', () => {
    const quiet = createProgress(undefined, { label: 'x', unit: 'runs' });
    quiet.update(1, 2);
    quiet.clear();
    const { stream } = fakeTerminal();
    const io = { ...capture(), terminal: () => stream };
    expect(progressStream(io, {})).toBe(stream);
    expect(progressStream(io, { json: true })).toBeUndefined();
    expect(progressStream(io, { csv: true })).toBeUndefined();
    expect(progressStream(io, { quiet: true })).toBeUndefined();
    expect(progressStream(capture(), {})).toBeUndefined();
  });
});
