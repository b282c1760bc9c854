export { applyEdit, minimalEdit } from '../../../shared/language/text-edits';
export type { TextEdit } from '../../../shared/language/text-edits';

/** 1-based line and column of an offset, as Monaco positions count them. */
export function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
