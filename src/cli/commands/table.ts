import type { CliIo } from './cli-common';

/** Runs a subcommand with its arguments (after the command name); resolves to an exit code. */
export type CommandRun = (argv: string[], io: CliIo) => Promise<number>;

/** One subcommand of `mortisphere`. The module is imported only when the command runs. */
export interface CliCommand {
  name: string;
  /** One line for `mortisphere --help`. */
  summary: string;
  load: () => Promise<CommandRun>;
}

/**
 * Every subcommand, in help order. Adding one is a one-line edit: its name, a summary and a
 * lazy import of the function that runs it (`(argv, io) => Promise<exit code>`).
 */
export const COMMANDS: readonly CliCommand[] = [
  { name: 'validate', summary: 'check a workspace and print its problems', load: async () => (await import('./validate')).validateCommand },
  { name: 'new', summary: 'create a workspace from the bundled template (--ci github adds a CI workflow)', load: async () => (await import('./new')).newCommand },
  { name: 'simulate', summary: 'play a scenario many times and report win rates', load: async () => (await import('./simulate')).simulateCommand },
  { name: 'check', summary: "run the balance checks declared under 'checks:' in mortisphere.yaml", load: async () => (await import('./check')).checkCommand },
  { name: 'merge', summary: "combine the statistics files of 'simulate --shard I/N --out FILE' into one report", load: async () => (await import('./merge')).mergeCommand },
  { name: 'sweep', summary: 'simulate a grid of variants (--vary PATH=V1,V2) on identical seeds; table, --json or --csv', load: async () => (await import('./sweep')).sweepCommand },
  { name: 'odds', summary: 'exact odds of one defended pair of dice', load: async () => (await import('./odds')).oddsCommand },
  { name: 'play', summary: 'play one battle between two bots and print its events (--log FILE saves it)', load: async () => (await import('./play')).playCommand },
  { name: 'replay', summary: 'replay a battle log and print the same events', load: async () => (await import('./replay')).replayCommand },
  { name: 'campaign', summary: 'campaign status, record a battle, or forecast the rest of the season', load: async () => (await import('./campaign')).campaignCommand },
  { name: 'print', summary: 'write a print-ready crew roster or scenario sheet (print crew|scenario ID --out FILE.html)', load: async () => (await import('./print')).printCommand },
  { name: 'schemas', summary: 'write the JSON Schemas with relative $refs for other editors (--out DIR)', load: async () => (await import('./schemas')).schemasCommand },
  { name: 'serve', summary: 'serve the editor to a browser on 127.0.0.1 (browser mode)', load: async () => (await import('./serve')).serveCommand },
];
