#!/usr/bin/env node
// The `mortisphere` command: runs the prebuilt JavaScript bundle of src/cli in out/cli/ (built by
// `npm install` through the `prepare` script, by `npm run build` and `npm run build:cli`). When a
// source file is newer than the bundle it is rebuilt once first (scripts/cli-bundle.mjs), so the
// command always runs the current sources and never compiles TypeScript on an ordinary start.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cliEntry } from '../scripts/cli-bundle.mjs';

const entry = await cliEntry(join(dirname(fileURLToPath(import.meta.url)), '..'));
if (entry.ok) {
  const { main } = await import(pathToFileURL(entry.path).href);
  process.exitCode = await main(process.argv.slice(2));
} else {
  process.stderr.write(`${entry.message}\n`);
  process.exitCode = 1;
}
