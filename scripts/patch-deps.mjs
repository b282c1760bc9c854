// Applies the patches in patches/ to the installed packages (patch-package), after `npm install` /
// `npm ci`. Each patch says why it exists at its top; patch-package fails the install if a patch
// no longer applies (a package was upgraded), so a patch is never silently lost.
// An install without dev dependencies has neither patch-package nor the renderer packages the
// patches are for (they are bundled at build time), so it has nothing to patch.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let bin;
try {
  bin = require.resolve('patch-package/index.js');
} catch {
  console.log('patch-deps: patch-package is not installed (an install without dev dependencies): nothing to patch.');
  process.exit(0);
}
const run = spawnSync(process.execPath, [bin, '--error-on-fail'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
