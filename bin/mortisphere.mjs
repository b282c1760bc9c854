#!/usr/bin/env node
// The `mortisphere` command: runs the TypeScript CLI through tsx, so it works right after
// `npm install` with no build step and no Electron.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

register();
const here = dirname(fileURLToPath(import.meta.url));
const { main } = await import(join(here, '..', 'src', 'cli', 'index.ts'));
process.exitCode = await main(process.argv.slice(2));
