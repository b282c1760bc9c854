/**
 * Search across the workspace (Ctrl+Shift+F): every match of a text or a regular expression in
 * every document, grouped by file, with line, column and the line's text. Pure; a bad regular
 * expression is an error value naming the problem.
 */
import { err, ok } from '../result';
import type { Result } from '../result';
import { LineMap } from './navigation';

/** How to match. */
export interface SearchOptions {
  matchCase?: boolean;
  wholeWord?: boolean;
  regex?: boolean;
  /** Stop after this many matches (default 2000). */
  limit?: number;
}

/** One match: 1-based line and column, its length, and the text of its line. */
export interface SearchMatch {
  line: number;
  column: number;
  length: number;
  lineText: string;
}

/** The matches of one file. */
export interface FileMatches {
  file: string;
  matches: SearchMatch[];
}

/** The answer: matches by file (paths sorted), the total, and whether the limit cut it short. */
export interface SearchResult {
  files: FileMatches[];
  total: number;
  truncated: boolean;
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Searches `texts` (path → text). An empty query finds nothing. */
export function searchWorkspace(texts: Readonly<Record<string, string>>, query: string, options: SearchOptions = {}): Result<SearchResult> {
  const limit = options.limit ?? 2000;
  if (query === '') return ok({ files: [], total: 0, truncated: false });
  let source = options.regex ? query : escape(query);
  if (options.wholeWord) source = `(?<![A-Za-z0-9_-])(?:${source})(?![A-Za-z0-9_-])`;
  let re: RegExp;
  try {
    re = new RegExp(source, options.matchCase ? 'g' : 'gi');
  } catch (e) {
    return err('search/regex', `'${query}' is not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}. Fix it, or turn off "Use regular expression".`);
  }
  const files: FileMatches[] = [];
  let total = 0;
  let truncated = false;
  for (const file of Object.keys(texts).sort()) {
    const text = texts[file]!;
    re.lastIndex = 0;
    let lines: LineMap | null = null;
    const matches: SearchMatch[] = [];
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === '') {
        re.lastIndex++;
        continue;
      }
      if (total >= limit) {
        truncated = true;
        break;
      }
      lines ??= new LineMap(text);
      const p = lines.position(m.index);
      matches.push({ line: p.line, column: p.column, length: m[0].length, lineText: lines.lineText(p.line) });
      total++;
    }
    if (matches.length > 0) files.push({ file, matches });
    if (truncated) break;
  }
  return ok({ files, total, truncated });
}
