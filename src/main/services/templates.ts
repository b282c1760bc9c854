import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DocKind } from '../../shared/model/types';
import { summarise } from './scan';

/** One new-document template. */
export interface Template {
  kind: DocKind;
  name: string;
  text: string;
}

/**
 * Templates for new documents: every `*.yaml` directly in `dir` whose `kind` is a document kind,
 * named by its `name` field or else its file name; sorted by kind then name. A missing folder gives [].
 */
export async function loadTemplates(dir: string): Promise<Template[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  } catch {
    return [];
  }
  const out: Template[] = [];
  for (const file of names) {
    try {
      const text = await readFile(join(dir, file), 'utf8');
      const summary = summarise(file, text);
      if (summary.kind === null) continue;
      out.push({ kind: summary.kind, name: summary.name ?? basename(file).replace(/\.ya?ml$/i, ''), text });
    } catch {
      /* unreadable template: skip */
    }
  }
  return out.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}
