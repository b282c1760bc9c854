// Worker bootstrap for running from TypeScript source (CLI via tsx, tests): registers tsx in
// this thread, then loads the real worker module.
import { register } from 'tsx/esm/api';

register();
await import('./validate-worker.ts');
