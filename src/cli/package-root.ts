import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder (the one with `package.json` and `resources/`), found by walking up
 * from `from` (default: this module's folder). The same code runs from `src/cli/…` (sources) and
 * from the prebuilt bundle in `out/cli/<version>/`, so paths are never counted in `..` steps.
 * Falls back to three levels up (the source layout) when nothing matches.
 */
export function packageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; ) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'resources'))) return dir;
    const up = dirname(dir);
    if (up === dir) return join(from, '..', '..');
    dir = up;
  }
}
