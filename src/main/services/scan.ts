import type { Dirent } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isMap, isScalar, parseDocument } from 'yaml';
import type { YAMLMap } from 'yaml';
import type { DocumentEntry } from '../../shared/api';
import type { DocKind } from '../../shared/model/types';
import { DOC_KINDS } from '../../shared/model/types';
import { roughShapeExceeds } from '../../shared/validation/cst-depth';
import { MAX_DEPTH, MAX_NODES } from '../../shared/validation/limits';
import { isAtomicTemp } from './atomic-write';
import { isIgnoredName, isYamlName } from './watcher';

/** Largest file summarised for the explorer; bigger ones are listed with kind null. */
export const SUMMARY_MAX_BYTES = 2 * 1024 * 1024;

/** The entries of `dir`, or none when it cannot be read (gone meanwhile, no permission); never rejects. */
const entriesOf = (dir: string): Promise<Dirent[]> => readdir(dir, { withFileTypes: true }).catch((): Dirent[] => []);

/**
 * Relative `/`-separated paths of every `*.yaml`/`*.yml` file below `root`, sorted; skips dot
 * entries and node_modules, does not follow symlinked folders, stops after `limit` files.
 */
export async function listYamlPaths(root: string, limit = 20_000): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await entriesOf(dir)) {
      if (out.length >= limit || isIgnoredName(entry.name)) continue;
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(join(dir, entry.name), rel);
      else if ((entry.isFile() || entry.isSymbolicLink()) && isYamlName(entry.name)) out.push(rel);
    }
  };
  await walk(root, '');
  return out.sort();
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * Kind, id and name of one document's text, each null when it cannot be read; never throws. A
 * file with syntax errors still reports the top-level values that parsed. A file the loader refuses
 * before parsing (absurd nesting, over the node budget) is not parsed here either.
 */
export function summarise(path: string, text: string): DocumentEntry {
  const none: DocumentEntry = { path, kind: null, id: null, name: null };
  if (text.length > SUMMARY_MAX_BYTES) return none;
  if (roughShapeExceeds(text, { depth: MAX_DEPTH * 4, nodes: MAX_NODES }) !== null) return none;
  try {
    // A work-in-progress file (a syntax error further down, a repeated key, a second document)
    // still lists under its kind: read the top-level scalars of the first document, errors or not.
    const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
    if (!isMap(doc.contents)) return none;
    const top = (key: string): unknown => {
      const pair = (doc.contents as YAMLMap).items.find((p) => isScalar(p.key) && p.key.value === key);
      return pair && isScalar(pair.value) ? pair.value.value : undefined;
    };
    const kind = DOC_KINDS.includes(top('kind') as DocKind) ? (top('kind') as DocKind) : null;
    return { path, kind, id: str(top('id')), name: str(top('name')) };
  } catch {
    return none;
  }
}

/** Age after which a leftover save temp file is considered abandoned. */
export const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * Removes temp files that a save killed mid-way left behind (`atomicWrite`'s dot files) below `root`,
 * if older than STALE_TEMP_MS (a younger one may belong to a save in progress). Returns how many
 * were removed; never throws.
 */
export async function removeStaleTemps(root: string, now: number = Date.now()): Promise<number> {
  let removed = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await entriesOf(dir)) {
      const abs = join(dir, entry.name);
      if (entry.isFile() && isAtomicTemp(entry.name)) {
        try {
          if (now - (await stat(abs)).mtimeMs > STALE_TEMP_MS) {
            await rm(abs, { force: true });
            removed++;
          }
        } catch {
          /* gone meanwhile */
        }
      } else if (entry.isDirectory() && !isIgnoredName(entry.name) && depth < 32) {
        await walk(abs, depth + 1);
      }
    }
  };
  await walk(root, 0);
  return removed;
}
