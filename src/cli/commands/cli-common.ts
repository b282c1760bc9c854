import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import type { Diagnostic } from '../../shared/diagnostics';
import { EXIT_CODES } from '../exit-codes';
import { packageRoot } from '../package-root';

/** The engine commands' names for the one exit-code table (src/cli/exit-codes.ts). */
export const EXIT = {
  ok: EXIT_CODES.ok,
  /** The workspace, scenario, crew or ruleset has errors (diagnostics printed), or a battle failed. */
  invalid: EXIT_CODES.failure,
  /** Bad arguments: unknown option, unknown bot or id, unreadable path. */
  usage: EXIT_CODES.usage,
  /** Stopped by Ctrl+C; the partial result was printed, marked partial. */
  interrupted: EXIT_CODES.interrupted,
} as const;

/** The installed package's root folder (holding package.json, resources/ and schemas/): see package-root.ts. */
export { packageRoot };

let info: { name: string; version: string; homepage: string } | null = null;
/** Name, version and home page of the installed package, for reports that name the tool. */
export function packageInfo(): { name: string; version: string; homepage: string } {
  if (info === null) {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as Record<string, unknown>;
    const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);
    info = { name: str(pkg.name, 'mortisphere-studio'), version: str(pkg.version, '0.0.0'), homepage: str(pkg.homepage, 'https://www.npmjs.com/package/mortisphere-studio') };
  }
  return info;
}

/** Where a command writes; tests capture it, the CLI uses stdout/stderr. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** The terminal to draw live progress on (stderr when it is a TTY), or undefined. See src/cli/progress.ts. */
  terminal?(): { write(chunk: string): unknown; columns?: number } | undefined;
  /**
   * Calls `handler` on Ctrl+C while a long command runs, instead of ending the process; returns
   * the function that removes it. A second Ctrl+C ends the process at once with exit 130.
   */
  onInterrupt?(handler: () => void): () => void;
}

/** Writes each text plus a newline to stdout / stderr; progress on stderr only when it is a TTY. */
export const defaultIo: CliIo = {
  out: (t) => void process.stdout.write(`${t}\n`),
  err: (t) => void process.stderr.write(`${t}\n`),
  terminal: () => (process.stderr.isTTY === true ? process.stderr : undefined),
  onInterrupt: (handler) => {
    let count = 0;
    const listener = (): void => {
      count++;
      if (count === 1) handler();
      else process.exit(EXIT_CODES.interrupted);
    };
    process.on('SIGINT', listener);
    return () => void process.off('SIGINT', listener);
  },
};

/** Prints diagnostics as `file:line:column severity code message`, one per line, to stderr. */
export const printDiagnostics = (io: CliIo, diagnostics: Diagnostic[]): void => {
  for (const d of diagnostics) io.err(`${d.file}:${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`);
};

/** Splits `A,B` into exactly two non-empty names, or null. */
export const pairArg = (raw: string | undefined): [string, string] | null => {
  if (raw === undefined) return null;
  const parts = raw.split(',').map((s) => s.trim());
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' ? [parts[0], parts[1]] : null;
};

/** Parses a uint32 seed or a positive count; null when `raw` is not a whole number in range. */
export const intArg = (raw: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
};

/** Parses a decimal in (lo, hi] (e.g. `0.01`); null when `raw` is not such a number. */
export const fractionArg = (raw: string, lo: number, hi: number): number | null => {
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n > lo && n <= hi ? n : null;
};

/** The `--help` / `-h` flag every command accepts. */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** What `parseArgs` returns for a command's options plus `--help`. */
type Parsed<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: O & typeof HELP }>>;

/**
 * The arguments of one command, or the exit code when it is already answered: exit 2 after
 * printing `command: <parse error>` and the usage on stderr, or exit 0 after printing the
 * usage on stdout for `--help` / `-h`.
 */
export type CommandArgs<O extends OptionsConfig> = { exit: null; values: Parsed<O>['values']; positionals: string[] } | { exit: number };

/**
 * Parses `argv` of `command` with `options` (plus `--help` / `-h`, positionals allowed); never
 * throws. Every command answers unknown options, missing values and `--help` the same way.
 */
export function parseCommand<O extends OptionsConfig>(command: string, usage: string, argv: string[], options: O, io: CliIo): CommandArgs<O> {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...options, ...HELP } });
  } catch (e) {
    io.err(`${command}: ${(e as Error).message}\n${usage}`);
    return { exit: EXIT_CODES.usage };
  }
  if ((parsed.values as { help?: boolean }).help === true) {
    io.out(usage);
    return { exit: EXIT_CODES.ok };
  }
  return { exit: null, values: parsed.values, positionals: parsed.positionals };
}
