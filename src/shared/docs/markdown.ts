/**
 * A small Markdown reader for the project's own documents (docs/rules.md, shown on the welcome
 * page): headings, paragraphs, bullet and numbered lists (nested by indentation), tables, code
 * blocks, and inline code, bold, italics and links. It produces data, never HTML, so the page
 * renders it as text (nothing in a document can inject markup). Pure.
 */

/** A run of inline text. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'em'; text: string }
  | { kind: 'link'; text: string; href: string };

/** One block of a document. */
export type Block =
  | { kind: 'heading'; level: number; text: string; id: string }
  | { kind: 'paragraph'; inline: Inline[] }
  | { kind: 'item'; depth: number; ordered: boolean; marker: string; inline: Inline[]; rule: string | null }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'code'; text: string };

/** A heading's anchor id: lowercase words joined by hyphens. */
export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Inline Markdown: `code`, **bold**, *em* / _em_, [text](href); everything else is text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ kind: 'text', text: text.slice(last, m.index) });
    if (m[1] !== undefined) out.push({ kind: 'code', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'strong', text: m[2] });
    else if (m[3] !== undefined) out.push({ kind: 'em', text: m[3] });
    else out.push({ kind: 'link', text: m[4]!, href: m[5]! });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The plain text of inline runs (for searching). */
export const inlineText = (inline: readonly Inline[]): string => inline.map((i) => i.text).join('');

const ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;
const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** Parses a document into blocks. Never throws. */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const text = heading[2]!.trim();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text, id: slug(text) });
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith('```'); i++) body.push(lines[i]!);
      i++;
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?[\s:-]+\|[\s|:-]*$/.test(lines[i + 1] ?? '')) {
      const header = cells(line).map(parseInline);
      const rows: Inline[][][] = [];
      for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(cells(lines[i]!).map(parseInline));
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      const indent = item[1]!.length;
      const parts = [item[3]!];
      // Continuation lines: indented deeper than the marker, not a new item.
      for (i++; i < lines.length && lines[i]!.trim() !== '' && !ITEM.test(lines[i]!) && /^\s/.test(lines[i]!); i++) parts.push(lines[i]!.trim());
      const text = parts.join(' ');
      const rule = /^\*\*(R\d+(?:\.\d+)?)\*\*/.exec(text)?.[1] ?? null;
      blocks.push({ kind: 'item', depth: Math.floor(indent / 2), ordered: /\d/.test(item[2]!), marker: item[2]!, inline: parseInline(text), rule });
      continue;
    }
    const para = [line.trim()];
    for (i++; i < lines.length && lines[i]!.trim() !== '' && !/^(#{1,6}\s|```|\s*\|)/.test(lines[i]!) && !ITEM.test(lines[i]!); i++) para.push(lines[i]!.trim());
    blocks.push({ kind: 'paragraph', inline: parseInline(para.join(' ')) });
  }
  return blocks;
}

/** The searchable text of a block. */
export function blockText(b: Block): string {
  switch (b.kind) {
    case 'heading':
      return b.text;
    case 'paragraph':
    case 'item':
      return inlineText(b.inline);
    case 'table':
      return [...b.header, ...b.rows.flat()].map(inlineText).join(' ');
    case 'code':
      return b.text;
  }
}

/**
 * The blocks matching a search (case-insensitive, every word must occur), each with the headings
 * above it kept so results read in context. An empty query keeps everything.
 */
export function searchBlocks(blocks: readonly Block[], query: string): { blocks: Block[]; matches: number } {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { blocks: [...blocks], matches: 0 };
  const out: Block[] = [];
  const headings: (Block & { kind: 'heading' })[] = [];
  let matches = 0;
  for (const b of blocks) {
    if (b.kind === 'heading') {
      while (headings.length && headings.at(-1)!.level >= b.level) headings.pop();
      headings.push(b);
      continue;
    }
    const text = `${headings.map((h) => h.text).join(' ')} ${blockText(b)}`.toLowerCase();
    if (!words.every((w) => text.includes(w))) continue;
    for (const h of headings) if (!out.includes(h)) out.push(h);
    out.push(b);
    matches++;
  }
  return { blocks: out, matches };
}
