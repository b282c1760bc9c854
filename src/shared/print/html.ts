/**
 * The HTML shell of every print sheet: one self-contained document (inline CSS, inline SVG, no
 * script, no external resource) laid out for A4 / Letter paper, black on white whatever the
 * app's theme. The CLI writes it to a file; the app shows it in a frame and prints it.
 */

/** Text escaped for HTML content and attribute values. */
export const esc = (s: unknown): string =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Paper size and margins of every sheet (a document-level rule: the app puts it in its own print CSS). */
export const PAGE_CSS = '@page { size: A4; margin: 12mm; }';

/**
 * The sheet's styles, scoped to its root element `.ms-sheet` so the same rules serve the
 * standalone document and the app (which renders the sheet in a shadow root).
 */
export const SHEET_CSS = `
.ms-sheet, .ms-sheet * { box-sizing: border-box; }
.ms-sheet { color-scheme: light; padding: 12mm; font: 10pt/1.35 system-ui, "Segoe UI", "DejaVu Sans", sans-serif; color: #000; background: #fff; }
@media print { .ms-sheet { padding: 0; } }
.ms-sheet h1 { font-size: 18pt; margin: 0 0 2mm; }
.ms-sheet h2 { font-size: 12.5pt; margin: 5mm 0 2mm; border-bottom: 0.4mm solid #000; padding-bottom: 0.8mm; break-after: avoid; overflow: hidden; }
.ms-sheet h3 { font-size: 11pt; margin: 0; }
.ms-sheet p { margin: 1mm 0; }
.ms-sheet .meta { margin: 0 0 3mm; color: #222; }
.ms-sheet .meta span + span::before { content: " · "; }
.ms-sheet .card { border: 0.35mm solid #000; border-radius: 1.5mm; padding: 2.5mm 3mm; margin: 0 0 3mm; break-inside: avoid; page-break-inside: avoid; }
.ms-sheet .card header { display: flex; justify-content: space-between; align-items: baseline; gap: 3mm; margin-bottom: 1.5mm; }
.ms-sheet .badge { border: 0.3mm solid #000; border-radius: 1mm; padding: 0 1.2mm; font-size: 8.5pt; text-transform: uppercase; letter-spacing: 0.03em; }
.ms-sheet .stats { display: flex; flex-wrap: wrap; gap: 1mm 5mm; align-items: center; margin-bottom: 1.5mm; }
.ms-sheet .boxes { display: inline-flex; gap: 1mm; vertical-align: middle; }
.ms-sheet .box { display: inline-block; width: 4mm; height: 4mm; border: 0.35mm solid #000; }
.ms-sheet table { border-collapse: collapse; }
.ms-sheet td, .ms-sheet th { border: 0.25mm solid #000; padding: 0.6mm 1.8mm; text-align: center; font-size: 9pt; }
.ms-sheet th { font-weight: 600; text-align: left; }
.ms-sheet ul { margin: 0.5mm 0 0; padding-left: 5mm; }
.ms-sheet li { margin: 0.3mm 0; }
.ms-sheet .muted { color: #333; font-size: 9pt; }
.ms-sheet .map { float: right; width: 92mm; margin: 0 0 2mm 4mm; }
.ms-sheet .map svg { width: 92mm; height: 65mm; }
.ms-sheet .columns { columns: 2; column-gap: 6mm; }
.ms-sheet .columns .card { display: inline-block; width: 100%; }
.ms-sheet .clear { clear: both; }
`;

/** A complete print document titled `title` around `body` (the sheet's `.ms-sheet` element). */
export function printDocument(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(title)}</title>`,
    `<style>${PAGE_CSS}\nhtml, body { margin: 0; background: #fff; }${SHEET_CSS}</style>`,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}
