import { writeFile } from 'node:fs/promises';
import type { BrowserWindow as ElectronWindow, Dialog } from 'electron';
import { err, ok } from '../shared/result';
import type { Result } from '../shared/result';

/** The parts of Electron a PDF export uses (tests pass a fake). */
export interface PdfElectron {
  BrowserWindow: new (options: Electron.BrowserWindowConstructorOptions) => Pick<ElectronWindow, 'loadURL' | 'destroy' | 'isDestroyed'> & {
    webContents: Pick<ElectronWindow['webContents'], 'printToPDF'>;
  };
  dialog: Pick<Dialog, 'showSaveDialog'>;
}

/** A file name from a sheet title: no path separators or characters Windows refuses. */
export const pdfFileName = (title: string): string => {
  const printable = [...title].filter((c) => c.charCodeAt(0) >= 32).join('');
  return `${printable.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'sheet'}.pdf`;
};

/**
 * Renders a standalone print sheet in a hidden, sandboxed window with JavaScript off, prints it to
 * PDF (the sheet's own @page size and margins, backgrounds kept), asks where to save it and
 * writes the file. `print/cancelled` when the user cancels, `print/failed` on any error.
 */
export async function exportPdf(electron: PdfElectron, html: string, suggestedName: string, write = writeFile): Promise<Result<{ path: string }>> {
  const win = new electron.BrowserWindow({
    show: false,
    webPreferences: { sandbox: true, contextIsolation: true, javascript: false, nodeIntegration: false, webSecurity: true },
  });
  let pdf: Buffer;
  try {
    await win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    pdf = await win.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
  } catch (e) {
    return err('print/failed', `The sheet could not be turned into a PDF (${(e as Error).message}); use Print and choose "Save as PDF" instead.`);
  } finally {
    if (!win.isDestroyed()) win.destroy();
  }
  const picked = await electron.dialog.showSaveDialog({ title: 'Export PDF', defaultPath: pdfFileName(suggestedName), filters: [{ name: 'PDF', extensions: ['pdf'] }] });
  if (picked.canceled || !picked.filePath) return err('print/cancelled', 'No file was chosen; nothing was written.');
  try {
    await write(picked.filePath, pdf);
  } catch (e) {
    return err('print/failed', `Cannot write '${picked.filePath}' (${(e as NodeJS.ErrnoException).code ?? 'error'}); choose a folder you can write to.`);
  }
  return ok({ path: picked.filePath });
}
