/**
 * The live progress line of long commands (`simulate`, `sweep`, `check`, `validate`, and any
 * later one such as `campaign forecast`): done/total, rate and ETA on stderr, redrawn a few times
 * a second and erased at the end. Drawn only on a terminal: `progressStream` gives no stream
 * when stderr is not a TTY, or with `--json` / `--quiet`, and then every call is a no-op.
 */
import type { CliIo } from './commands/cli-common';

/** Where a progress line is drawn: a terminal's stderr (`columns` is its width). */
export interface ProgressStream {
  write(chunk: string): unknown;
  columns?: number;
}

/** A progress line; `update` is cheap to call often (it draws at most every `intervalMs`). */
export interface Progress {
  /** Reports `done` of `total` (null: unknown total, e.g. until an interval is narrow enough). */
  update(done: number, total: number | null): void;
  /** Erases the line if one was drawn; later updates draw again. */
  clear(): void;
}

/** Options of a progress line. */
export interface ProgressOptions {
  /** Leading word, usually the command: `simulate`. */
  label: string;
  /** What is counted: `runs`, `files`. */
  unit: string;
  /** Milliseconds clock (tests pass a fake one). */
  clock?: () => number;
  /** Least time between two draws, and before the first one (nothing flashes for short work). */
  intervalMs?: number;
}

/** Default redraw interval: four times a second. */
export const PROGRESS_REDRAW_MS = 250;

const ERASE = '\r\x1b[K';

const thousands = (n: number): string => Math.round(n).toLocaleString('en-US');

/** `1h 02m`, `3m 54s`, `12s`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
  if (s >= 60) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

/** The text of one progress line: `simulate  12,345/1,000,000 runs (1.2%)  4,210 runs/s  ETA 3m 54s`. */
export function formatProgress(label: string, unit: string, done: number, total: number | null, perSecond: number, etaMs: number | null): string {
  const count = total === null ? `${thousands(done)} ${unit}` : `${thousands(done)}/${thousands(total)} ${unit} (${total > 0 ? ((100 * done) / total).toFixed(1) : '100.0'}%)`;
  const rate = `${thousands(perSecond)} ${unit}/s`;
  const eta = etaMs === null ? '' : `  ETA ${formatDuration(etaMs)}`;
  return `${label}  ${count}  ${rate}${eta}`;
}

/** A progress line on `stream`, or a no-op one when `stream` is undefined. */
export function createProgress(stream: ProgressStream | undefined, options: ProgressOptions): Progress {
  if (stream === undefined) return { update: () => {}, clear: () => {} };
  const clock = options.clock ?? (() => performance.now());
  const interval = options.intervalMs ?? PROGRESS_REDRAW_MS;
  const started = clock();
  let lastDraw = started;
  let drawn = false;
  return {
    update(done, total) {
      const now = clock();
      if (now - lastDraw < interval) return;
      lastDraw = now;
      const seconds = Math.max(1e-3, (now - started) / 1000);
      const perSecond = done / seconds;
      const eta = total === null || perSecond <= 0 ? null : ((total - done) / perSecond) * 1000;
      let line = formatProgress(options.label, options.unit, done, total, perSecond, eta);
      const width = stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80;
      if (line.length > width - 1) line = line.slice(0, Math.max(0, width - 1));
      stream.write(`${ERASE}${line}`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write(ERASE);
      drawn = false;
    },
  };
}

/**
 * The stream to draw progress on for a command: the io's terminal stream, unless the output is
 * JSON or CSV for a program, or the user asked for `--quiet`.
 */
export function progressStream(io: CliIo, flags: { json?: boolean; csv?: boolean; quiet?: boolean }): ProgressStream | undefined {
  if (flags.json === true || flags.csv === true || flags.quiet === true) return undefined;
  return io.terminal?.();
}
