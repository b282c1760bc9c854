import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from 'react-aria-components';
import { parse } from 'yaml';
import { USE_WINDOW_PRINT } from '../../../shared/api';
import type { WorkspaceModel } from '../../../shared/model/workspace';
import { PAGE_CSS, SHEET_CSS, renderPrintSheet } from '../../../shared/print';
import type { PrintKind } from '../../../shared/print';
import { useWorkspaceStore } from '../state/use-store';
import './sheet-view.css';

/** Id of the element that holds the sheet when the window prints (see sheet-view.css). */
export const PRINT_ROOT_ID = 'mortisphere-print-root';

/** The `id` of a document's current text (unsaved edits included), or null when it does not parse. */
function idOf(text: string): string | null {
  try {
    const data = parse(text) as unknown;
    const id = data !== null && typeof data === 'object' ? (data as Record<string, unknown>).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Puts the sheet (escaped HTML from src/shared/print) and its styles into `host`'s shadow root. */
function fillShadow(host: HTMLElement, body: string): void {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${SHEET_CSS}</style>${body}`;
}

/**
 * While a sheet is shown, the window prints only that sheet: a copy under <body> that print CSS
 * shows alone (everything else hidden), with the sheet's paper size. Removed when the view goes.
 */
function usePrintCopy(body: string | null): void {
  useEffect(() => {
    if (body === null) return;
    const root = document.createElement('div');
    root.id = PRINT_ROOT_ID;
    fillShadow(root, body);
    const page = document.createElement('style');
    page.textContent = PAGE_CSS;
    document.body.append(root);
    document.head.append(page);
    return () => {
      root.remove();
      page.remove();
    };
  }, [body]);
}

/**
 * The Sheet view of a crew or scenario tab: the print sheet (the same one `mortisphere print`
 * writes, from src/shared/print) as paper on screen, with Print (the window's print dialog,
 * which prints only the sheet) and Export PDF (Electron's printToPDF; in browser mode the print
 * dialog, where "Save as PDF" does it). Ctrl+P / Cmd+P prints while this view is shown.
 */
export function SheetView({ kind, text, model }: { kind: PrintKind; text: string; model: WorkspaceModel | null }) {
  const store = useWorkspaceStore();
  const paper = useRef<HTMLDivElement>(null);
  const id = idOf(text);
  const sheet = useMemo(() => (model && id ? renderPrintSheet(model, kind, id) : null), [model, kind, id]);
  const body = sheet?.ok ? sheet.value.body : null;

  useLayoutEffect(() => {
    if (paper.current && body !== null) fillShadow(paper.current, body);
  }, [body]);
  usePrintCopy(body);

  const print = useCallback(() => window.print(), []);

  const exportPdf = useCallback(async () => {
    if (!sheet?.ok) return;
    const r = await store.api.exportPdf(sheet.value.html, sheet.value.title);
    if (r.ok) store.status(`Saved ${sheet.value.title} as ${r.value.path}`);
    else if (r.error.code === USE_WINDOW_PRINT) print();
    else if (r.error.code !== 'print/cancelled') store.status(r.error.message, true);
  }, [sheet, store, print]);

  // Ctrl+P / Cmd+P prints the sheet while it is shown (this is a document's view).
  useEffect(() => {
    if (body === null) return;
    const onKey = (e: KeyboardEvent): void => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'p') {
        e.preventDefault();
        e.stopPropagation();
        print();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [print, body]);

  if (!sheet || !sheet.ok) {
    const why = id === null ? `This ${kind} has no readable id yet; fix the YAML to see its sheet.` : (sheet?.error.message ?? 'The workspace is still loading.');
    return (
      <div className="sheet-view">
        <p role="status" className="sheet-problem">{why}</p>
      </div>
    );
  }
  return (
    <div className="sheet-view">
      <div className="sheet-actions" role="toolbar" aria-label="Sheet actions">
        <Button onPress={print}>Print…</Button>
        <Button onPress={() => void exportPdf()}>Export PDF…</Button>
        <span className="sheet-hint">Ctrl+P prints this sheet</span>
      </div>
      {/* Focusable, so the sheet scrolls from the keyboard. */}
      <div className="sheet-scroll" role="document" aria-label={sheet.value.title} tabIndex={0}>
        <div className="sheet-paper" ref={paper} />
      </div>
    </div>
  );
}
