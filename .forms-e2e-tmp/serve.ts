// Temporary stand-in for `mortisphere serve` (not yet in the CLI), for running tests/e2e/forms.spec.ts locally.
import { resolve } from 'node:path';
import { startWebHost } from '../src/main/web-host';
import { serveBanner } from '../src/shared/web-protocol';
const root = process.argv[2];
const host = await startWebHost({ root, port: 0, dataDir: process.env.MORTISPHERE_DATA_DIR!, rendererDir: resolve('.forms-e2e-tmp/renderer') });
console.log(serveBanner(host.port, host.token));
