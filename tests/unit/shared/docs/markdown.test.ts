import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, searchBlocks } from '../../../../src/shared/docs/markdown';

const rules = readFileSync(new URL('../../../../docs/rules.md', import.meta.url), 'utf8');

describe('the rules reference reader', () => {
  it('reads inline code, bold, italics and links as data', () => {
    expect(parseInline('a `x` **b** *c* [d](https://e) <script>')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: 'x' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'em', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', text: 'd', href: 'https://e' },
      { kind: 'text', text: ' <script>' },
    ]);
  });
  it('finds every numbered rule of docs/rules.md with its number, and the knob table', () => {
    const blocks = parseMarkdown(rules);
    const numbers = blocks.flatMap((b) => (b.kind === 'item' && b.rule ? [b.rule] : []));
    expect(numbers).toEqual(expect.arrayContaining(['R1.1', 'R1.4', 'R4.3', 'R8.2', 'R10.3']));
    const r82 = blocks.find((b) => b.kind === 'item' && b.rule === 'R8.2');
    expect(r82 && r82.kind === 'item' && r82.inline.map((i) => i.text).join('')).toContain('when its Area lists `links`'.replace(/`/g, ''));
    const table = blocks.find((b) => b.kind === 'table');
    expect(table && table.kind === 'table' && table.rows.length).toBeGreaterThan(20);
  });
  it('search keeps matching blocks under their headings', () => {
    const { blocks, matches } = searchBlocks(parseMarkdown(rules), 'R8.2');
    expect(matches).toBeGreaterThanOrEqual(1);
    expect(blocks[0]).toMatchObject({ kind: 'heading' });
    expect(blocks.some((b) => b.kind === 'item' && b.rule === 'R8.2')).toBe(true);
    expect(searchBlocks(parseMarkdown(rules), 'zzzz-nothing').matches).toBe(0);
  });
});
