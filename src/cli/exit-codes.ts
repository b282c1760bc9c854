/**
 * Exit codes of the `mortisphere` command (DESIGN.md "The `mortisphere` command"), one table
 * for every subcommand. Scripts rely on these numbers.
 */
export const EXIT_CODES = {
  /** Success: no errors (warnings allowed), the command did what was asked. */
  ok: 0,
  /**
   * Errors found: validation errors, a refused battle setup, a failed battle or replay, a balance
   * gate (`--assert`, `check`) that failed or is inconclusive.
   */
  failure: 1,
  /** Usage error or unreadable path: unknown command or option, bad value, missing folder. */
  usage: 2,
  /** Interrupted by Ctrl+C (128 + SIGINT): a long command stopped and printed its partial result, marked partial. */
  interrupted: 130,
} as const;

/** One of the exit codes above. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
