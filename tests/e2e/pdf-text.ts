/**
 * Just enough of a PDF reader to check Chromium's `page.pdf()` output in tests: the page count and
 * the text drawn (Type0 fonts with ToUnicode maps, Flate-compressed streams, as Skia writes them).
 * Not a general PDF parser: no encryption, no object streams, no other font encodings.
 */
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const s = pdf.toString('latin1');
  const out = new Map<number, PdfObject>();
  const re = /(\d+) 0 obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s)) !== null) {
    const end = s.indexOf('endobj', m.index);
    if (end < 0) break;
    const body = s.slice(m.index + m[0].length, end);
    const at = body.search(/stream\r?\n/);
    let stream: Buffer | null = null;
    let dict = body;
    if (at >= 0 && /^[\s\S]*>>\s*$/.test(body.slice(0, at))) {
      dict = body.slice(0, at);
      const start = at + (body[at + 6] === '\r' ? 8 : 7);
      const raw = Buffer.from(body.slice(start, body.lastIndexOf('endstream')), 'latin1');
      try {
        stream = /\/FlateDecode/.test(dict) ? inflateSync(raw) : raw;
      } catch {
        stream = raw;
      }
    }
    out.set(Number(m[1]), { dict, stream });
    re.lastIndex = end;
  }
  return out;
}

const hex = (h: string): number => parseInt(h, 16);
const fromUtf16 = (h: string): string => {
  let out = '';
  for (let i = 0; i + 4 <= h.length; i += 4) out += String.fromCharCode(hex(h.slice(i, i + 4)));
  return out;
};

/** glyph id → text, from a ToUnicode CMap (bfchar and bfrange, both range forms). */
function cmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, g, u] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(hex(g), fromUtf16(u));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, a, b, rest] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const lo = hex(a);
      const hi = hex(b);
      if (rest.startsWith('[')) {
        [...rest.matchAll(/<([0-9a-fA-F]+)>/g)].forEach(([, u], i) => map.set(lo + i, fromUtf16(u)));
      } else {
        const start = hex(rest.slice(1, -1));
        const width = rest.length - 2;
        for (let g = lo; g <= hi; g++) map.set(g, fromUtf16((start + g - lo).toString(16).padStart(width, '0')));
      }
    }
  }
  return map;
}

/** Text without any whitespace and with ligatures (ﬁ) unfolded: glyph runs are placed one by one. */
export const compact = (s: string): string => s.normalize('NFKC').replace(/\s+/g, '');

/** Pages and text of a PDF made by Chromium. Text runs are joined by spaces, in drawing order. */
export function readPdf(pdf: Buffer): { pages: number; text: string } {
  const objs = objects(pdf);
  const fonts = new Map<string, Map<number, string>>();
  let pages = 0;
  for (const o of objs.values()) {
    if (/\/Type\s*\/Page\b(?!s)/.test(o.dict)) pages++;
    const fontDict = /\/Font\s*<<([^>]*)>>/.exec(o.dict);
    if (!fontDict) continue;
    for (const [, name, ref] of fontDict[1].matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) {
      const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(objs.get(Number(ref))?.dict ?? '');
      const cm = toUnicode ? objs.get(Number(toUnicode[1]))?.stream : null;
      if (cm) fonts.set(name, cmap(cm.toString('latin1')));
    }
  }
  const runs: string[] = [];
  for (const o of objs.values()) {
    if (!o.stream || !/\bBT\b/.test(o.stream.toString('latin1'))) continue;
    let font = new Map<number, string>();
    const content = o.stream.toString('latin1');
    for (const op of content.matchAll(/\/([\w.+-]+)\s+[\d.]+\s+Tf|(<[0-9a-fA-F]*>|\[[^\]]*\])\s*(Tj|TJ)/g)) {
      if (op[1] !== undefined) {
        font = fonts.get(op[1]) ?? new Map();
        continue;
      }
      let run = '';
      for (const [, h] of op[2].matchAll(/<([0-9a-fA-F]*)>/g)) {
        for (let i = 0; i + 4 <= h.length; i += 4) run += font.get(hex(h.slice(i, i + 4))) ?? '';
      }
      runs.push(run);
    }
  }
  return { pages, text: runs.join(' ').replace(/\s+/g, ' ') };
}
