import { describe, expect, it, vi } from 'vitest';
import { exportPdf, pdfFileName } from '../../../src/main/print-pdf';
import type { PdfElectron } from '../../../src/main/print-pdf';

/** A fake of the BrowserWindow / dialog pair (Electron cannot run here). */
const fakeElectron = (save: { canceled: boolean; filePath?: string }, fail?: Error) => {
  const windows: { options: unknown; loaded: string[]; destroyed: boolean }[] = [];
  class Win {
    loaded: string[] = [];
    destroyed = false;
    webContents = {
      printToPDF: vi.fn(async (options: unknown) => {
        if (fail) throw fail;
        return Buffer.from(`%PDF-1.7 ${JSON.stringify(options)}`);
      }),
    };
    constructor(public options: unknown) {
      windows.push(this);
    }
    loadURL = async (url: string) => void this.loaded.push(url);
    destroy = () => void (this.destroyed = true);
    isDestroyed = () => this.destroyed;
  }
  const dialog = { showSaveDialog: vi.fn(async () => save) };
  return { electron: { BrowserWindow: Win, dialog } as unknown as PdfElectron, windows, dialog };
};

describe('Export PDF (Electron printToPDF)', () => {
  it('renders the sheet in a hidden sandboxed window without JavaScript, prints with its @page size, saves where the user chose', async () => {
    const { electron, windows, dialog } = fakeElectron({ canceled: false, filePath: '/tmp/iron.pdf' });
    const write = vi.fn(async () => undefined);
    const r = await exportPdf(electron, '<!doctype html><title>x</title><p>Warden-7 & co</p>', 'The Iron Choir — crew roster', write);
    expect(r).toEqual({ ok: true, value: { path: '/tmp/iron.pdf' } });
    expect(windows[0].options).toMatchObject({ show: false, webPreferences: { sandbox: true, javascript: false, contextIsolation: true, nodeIntegration: false } });
    expect(decodeURIComponent(windows[0].loaded[0].replace('data:text/html;charset=utf-8,', ''))).toContain('<p>Warden-7 & co</p>');
    expect(windows[0].destroyed).toBe(true);
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(expect.objectContaining({ defaultPath: 'The Iron Choir — crew roster.pdf' }));
    expect(String((write.mock.calls[0] as unknown[])[1])).toContain('"preferCSSPageSize":true');
  });

  it('a cancelled dialog writes nothing; a failed print says what to do instead', async () => {
    const cancelled = fakeElectron({ canceled: true });
    const write = vi.fn(async () => undefined);
    expect(await exportPdf(cancelled.electron, '<p>x</p>', 'x', write)).toMatchObject({ ok: false, error: { code: 'print/cancelled' } });
    expect(write).not.toHaveBeenCalled();
    const broken = fakeElectron({ canceled: false, filePath: '/tmp/x.pdf' }, new Error('GPU process gone'));
    const r = await exportPdf(broken.electron, '<p>x</p>', 'x', write);
    expect(r).toMatchObject({ ok: false, error: { code: 'print/failed' } });
    expect(broken.windows[0].destroyed).toBe(true);
  });

  it('file names lose path separators and characters Windows refuses', () => {
    expect(pdfFileName('A/B: "C" <d>?')).toBe('A B C d.pdf');
    expect(pdfFileName('\u0000')).toBe('sheet.pdf');
  });
});
