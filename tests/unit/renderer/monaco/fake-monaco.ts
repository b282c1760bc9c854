import type * as Monaco from 'monaco-editor';

/** A Monaco text model with just what ModelRegistry uses; undo is one step per pushEditOperations. */
export class FakeModel {
  private listeners: (() => void)[] = [];
  undoStack: string[] = [];
  edits = 0;
  disposed = false;
  constructor(
    private text: string,
    readonly uri: { path: string },
  ) {}
  getValue(): string {
    return this.text;
  }
  updateOptions(): void {}
  onDidChangeContent(fn: () => void): { dispose(): void } {
    this.listeners.push(fn);
    return { dispose: () => undefined };
  }
  getLineCount(): number {
    return this.text.split('\n').length;
  }
  getLineMaxColumn(line: number): number {
    return (this.text.split('\n')[line - 1] ?? '').length + 1;
  }
  getPositionAt(offset: number): { lineNumber: number; column: number } {
    const before = this.text.slice(0, offset).split('\n');
    return { lineNumber: before.length, column: before[before.length - 1].length + 1 };
  }
  private offsetAt(line: number, column: number): number {
    const lines = this.text.split('\n');
    let o = 0;
    for (let i = 0; i < line - 1; i++) o += lines[i].length + 1;
    return o + column - 1;
  }
  pushStackElement(): void {}
  pushEditOperations(_sel: unknown, ops: { range: FakeRange; text: string }[]): null {
    this.undoStack.push(this.text);
    for (const { range, text } of ops) {
      const s = this.offsetAt(range.startLineNumber, range.startColumn);
      const e = this.offsetAt(range.endLineNumber, range.endColumn);
      this.text = this.text.slice(0, s) + text + this.text.slice(e);
    }
    this.edits++;
    this.fire();
    return null;
  }
  /** Typing: one keystroke inserted at an offset. */
  type(offset: number, chars: string): void {
    this.text = this.text.slice(0, offset) + chars + this.text.slice(offset);
    this.fire();
  }
  undo(): void {
    const prev = this.undoStack.pop();
    if (prev === undefined) return;
    this.text = prev;
    this.fire();
  }
  dispose(): void {
    this.disposed = true;
  }
  private fire(): void {
    for (const fn of this.listeners) fn();
  }
}

class FakeRange {
  constructor(
    readonly startLineNumber: number,
    readonly startColumn: number,
    readonly endLineNumber: number,
    readonly endColumn: number,
  ) {}
}

/** Monaco's API surface ModelRegistry touches; records every setModelMarkers call. */
export function fakeMonaco() {
  const models = new Map<string, FakeModel>();
  const markerCalls: { path: string; markers: Monaco.editor.IMarkerData[] }[] = [];
  const monaco = {
    Uri: { parse: (s: string) => ({ path: new URL(s).pathname, toString: () => s }) },
    Range: FakeRange,
    MarkerSeverity: { Error: 8, Warning: 4, Info: 2, Hint: 1 },
    editor: {
      getModel: (uri: { toString(): string }) => models.get(uri.toString()) ?? null,
      createModel: (text: string, _lang: string, uri: { path: string; toString(): string }) => {
        const m = new FakeModel(text, uri);
        models.set(uri.toString(), m);
        return m;
      },
      setModelMarkers: (model: FakeModel, _owner: string, markers: Monaco.editor.IMarkerData[]) => {
        markerCalls.push({ path: decodeURIComponent(model.uri.path), markers });
      },
    },
  };
  return { monaco: monaco as unknown as typeof Monaco, models, markerCalls };
}
