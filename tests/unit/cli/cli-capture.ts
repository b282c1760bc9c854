import type { CliIo } from '../../../src/cli/commands/cli-common';

/** A CliIo that records what a command prints. */
export const capture = (): CliIo & { stdout: string[]; stderr: string[] } => {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => void stdout.push(t), err: (t) => void stderr.push(t) };
};
