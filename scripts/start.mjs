#!/usr/bin/env node
// `npm start`: launches the Electron app where Electron's binary is installed; otherwise explains
// why and starts browser mode (`mortisphere serve`) on the example workspace. Extra arguments
// (e.g. `npm start -- --port 8080`) go to `serve` in browser mode.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Path of Electron's binary, or null when `npm install` skipped its download. */
function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/** Runs `npm run build` when `marker` is missing; exits with its code if it fails. */
function buildIfNeeded(marker) {
  if (existsSync(join(root, marker))) return;
  console.error(`${marker} is missing: building with 'npm run build' first…`);
  const build = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'], shell: process.platform === 'win32' });
  if (build.status !== 0) {
    console.error("The build failed; fix the errors above, then run 'npm start' again.");
    process.exit(build.status ?? 1);
  }
}

/** Runs `command`, forwarding Ctrl+C/SIGTERM, and exits with its exit code. */
function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = electronBinary();
if (electron) {
  buildIfNeeded(join('out', 'main', 'index.js'));
  run(electron, ['.']);
} else {
  console.error(
    "Electron's binary is not installed here (run 'npm install' without ELECTRON_SKIP_BINARY_DOWNLOAD to get it); starting browser mode instead: open the URL below in a browser.",
  );
  buildIfNeeded(join('out', 'renderer', 'index.html'));
  run(process.execPath, [join(root, 'bin', 'mortisphere.mjs'), 'serve', join(root, 'resources', 'examples', 'ashen-reach'), ...process.argv.slice(2)]);
}
