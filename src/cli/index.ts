import { defaultIo } from './commands/cli-common';
import type { CliIo } from './commands/cli-common';
import { COMMANDS } from './commands/table';
import { EXIT_CODES } from './exit-codes';

/** Top-level help: every command of the table with its summary. */
export function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'usage: mortisphere <command> [arguments]',
    '',
    'commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'mortisphere <command> --help' for a command's arguments.",
  ].join('\n');
}

/**
 * The `mortisphere` command: dispatches `argv` (without node and script) to a subcommand of
 * COMMANDS and resolves to its exit code (src/cli/exit-codes.ts). Never throws for user input.
 */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(helpText());
    return EXIT_CODES.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return EXIT_CODES.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`mortisphere: unknown command '${name}'; commands are: ${COMMANDS.map((c) => c.name).join(', ')}`);
    return EXIT_CODES.usage;
  }
  const run = await command.load();
  return run(rest, io);
}
