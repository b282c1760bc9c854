import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { EXAMPLE_DIR } from '../../resources/workspace-files';

/** Every YAML file of the example workspace: relative `/` path and absolute path. */
export function listExampleFiles(): { path: string; abs: string }[] {
  const out: { path: string; abs: string }[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else if (/\.ya?ml$/.test(name))
        out.push({ path: relative(EXAMPLE_DIR, abs).split(sep).join('/'), abs });
    }
  };
  walk(EXAMPLE_DIR);
  return out;
}
