import type { CliIo } from '../../../src/cli/commands/cli-common';

/** A CliIo that records what a command prints. */
export const capture = (): CliIo & { stdout: string[]; stderr: string[] } => {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => void stdout.push(t), err: (t) => void stderr.push(t) };
};

/**
 * A CliIo that records what a command prints and plays a terminal: progress lines are kept in
 * `progress`, and `interrupt()` acts as Ctrl+C on the running command.
 */
export const terminalCapture = () => {
  const io = capture();
  const progress: string[] = [];
  const handlers = new Set<() => void>();
  return {
    ...io,
    progress,
    terminal: () => ({ columns: 200, write: (s: string) => void progress.push(s) }),
    onInterrupt: (h: () => void) => {
      handlers.add(h);
      return () => void handlers.delete(h);
    },
    /** Ctrl+C: calls the handlers registered now; false when none was (the command is not running yet). */
    interrupt: (): boolean => {
      for (const h of handlers) h();
      return handlers.size > 0;
    },
    listening: (): number => handlers.size,
  };
};
