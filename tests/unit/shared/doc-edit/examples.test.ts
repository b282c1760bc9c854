import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parse } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseForEdit, setIn } from '../../../../src/shared/doc-edit';
import type { PathSegment } from '../../../../src/shared/doc-edit';

const ROOT = 'resources/examples/ashen-reach';
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : /\.ya?ml$/.test(n) ? [join(dir, n)] : []));

/** Every one-line scalar of a document with its path. */
function leaves(node: YamlNode | null, path: PathSegment[] = []): { path: PathSegment[]; value: unknown; type?: string }[] {
  if (isMap(node)) return node.items.flatMap((p) => (isScalar(p.key) ? leaves(p.value as YamlNode, [...path, String(p.key.value)]) : []));
  if (isSeq(node)) return node.items.flatMap((item, i) => leaves(item as YamlNode, [...path, i]));
  if (isScalar(node) && !String(node.type).startsWith('BLOCK')) return [{ path, value: node.value, type: node.type }];
  return [];
}

const changed = (v: unknown): unknown =>
  typeof v === 'number' ? v + 1 : typeof v === 'boolean' ? !v : v === null ? 1 : `${String(v)}-x`;

const setAt = (data: unknown, path: PathSegment[], v: unknown): unknown => {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node = copy;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]] = v;
  return copy;
};

describe('every field of every example document', () => {
  for (const file of files(ROOT)) {
    it(`${file}: each one-field edit changes exactly that line`, () => {
      const text = readFileSync(file, 'utf8');
      const parsed = parseForEdit(text);
      if (!parsed.ok) throw new Error(parsed.problem.message);
      const lines = text.split('\n');
      for (const leaf of leaves(parsed.document.contents as YamlNode)) {
        if (leaf.path[0] === 'kind' || leaf.path[0] === 'schemaVersion') continue;
        const next = changed(leaf.value);
        const r = setIn(text, leaf.path, next as never);
        if (!r.ok) throw new Error(`${leaf.path.join('.')}: ${r.error.message}`);
        const out = r.value.split('\n');
        expect(out.length, leaf.path.join('.')).toBe(lines.length);
        expect(out.filter((l, i) => l !== lines[i]), leaf.path.join('.')).toHaveLength(1);
        expect(parse(r.value), leaf.path.join('.')).toEqual(setAt(parsed.data, leaf.path, next));
      }
    });
  }
});
