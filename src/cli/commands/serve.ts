import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installLastResort } from '../../main/last-resort';
import { defaultDataDir } from '../../main/services/data-dir';
import { MANIFEST } from '../../main/services/workspace';
import { startWebHost } from '../../main/web-host';
import { serveBanner } from '../../shared/web-protocol';
import { EXIT_CODES } from '../exit-codes';
import { defaultIo, packageRoot, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';

/** Usage of `mortisphere serve`. */
export const SERVE_USAGE = `usage: mortisphere serve [DIR] [--port N]

Serves Mortisphere Studio to a browser on this computer (127.0.0.1 only), with DIR (default: the
current folder, which must contain mortisphere.yaml) open. Prints one line with the URL to open,
including a secret token that changes at every launch; stops on Ctrl+C.
  --port N   listen on port N (default: a free port)
Needs the built editor: run 'npm run build' once. Data (history, drafts) goes to
$MORTISPHERE_DATA_DIR or the app data folder.`;

/** The built renderer: `$MORTISPHERE_RENDERER_DIR` or `out/renderer` of this checkout. */
export const rendererDir = (): string =>
  process.env.MORTISPHERE_RENDERER_DIR ?? join(packageRoot(), 'out', 'renderer');

/** Resolves on the first SIGINT or SIGTERM. */
const untilSignal = (): Promise<void> =>
  new Promise((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

/**
 * `mortisphere serve [DIR] [--port N]`: prints exactly the banner line on stdout (warnings go to
 * stderr), serves until SIGINT/SIGTERM (or `until` resolves, for tests), closes cleanly and resolves 0.
 * While serving, errors nothing else handled are logged to stderr instead of stopping the process.
 * Exit 2 for a bad argument, a folder without mortisphere.yaml or a port that cannot be used.
 */
export async function serveCommand(argv: string[], io: CliIo = defaultIo, until: () => Promise<void> = untilSignal): Promise<number> {
  const parsed = parseCommand('serve', SERVE_USAGE, argv, { port: { type: 'string' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length > 1) {
    io.err(`serve: give at most one folder, got ${parsed.positionals.length}\n${SERVE_USAGE}`);
    return EXIT_CODES.usage;
  }
  const rawPort = parsed.values.port;
  const port = rawPort === undefined ? 0 : /^\d{1,5}$/.test(rawPort) && Number(rawPort) <= 65535 ? Number(rawPort) : null;
  if (port === null) {
    io.err(`serve: --port '${rawPort}' is not a port number; use a whole number from 1 to 65535 (or leave it out for a free port)`);
    return EXIT_CODES.usage;
  }
  const root = resolve(parsed.positionals[0] ?? '.');
  if (!existsSync(join(root, MANIFEST))) {
    io.err(`serve: '${root}' has no ${MANIFEST}, so it is not a Mortisphere workspace; pass the folder that contains ${MANIFEST}, or create one with 'mortisphere new DIR'`);
    return EXIT_CODES.usage;
  }
  const renderer = rendererDir();
  // Last line of defence: an error nothing handled is logged to stderr and serving goes on.
  const uninstall = installLastResort((line) => io.err(line));
  let host;
  try {
    host = await startWebHost({ root, port, dataDir: defaultDataDir(), rendererDir: renderer, log: (line) => io.err(line) });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EADDRINUSE' ? `port ${port} is already in use; pick another with --port N or leave --port out` : (e as Error).message;
    io.err(`serve: ${why}`);
    uninstall();
    return EXIT_CODES.usage;
  }
  if (!host.rendererBuilt) io.err(`serve: the editor is not built ('${renderer}' is missing); run 'npm run build', then start serve again`);
  io.out(serveBanner(host.port, host.token));
  await until();
  await host.close();
  uninstall();
  return EXIT_CODES.ok;
}
