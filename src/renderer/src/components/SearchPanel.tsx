import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Input, Label, SearchField } from 'react-aria-components';
import { searchWorkspace } from '../../../shared/language/search';
import type { SearchResult } from '../../../shared/language/search';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';

/** One line of a result with the match marked. */
function Line({ text, column, length }: { text: string; column: number; length: number }) {
  const start = Math.max(0, column - 1);
  const lead = Math.max(0, start - 40);
  return (
    <>
      {lead > 0 ? '…' : ''}
      {text.slice(lead, start).trimStart()}
      <mark>{text.slice(start, start + length)}</mark>
      {text.slice(start + length, start + length + 80)}
    </>
  );
}

/**
 * Search across the workspace (Ctrl+Shift+F): every match in every document, unsaved edits
 * included, grouped by file with line and column; a result opens the file there. Match case,
 * whole word and regular expressions are options; a bad expression says what is wrong.
 */
export function SearchPanel() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { searchFocus } = useUi(ui);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState({ matchCase: false, wholeWord: false, regex: false });
  const [result, setResult] = useState<SearchResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchFocus > 0) requestAnimationFrame(() => input.current?.focus());
  }, [searchFocus]);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (query === '') {
        setResult(null);
        setError(null);
        return;
      }
      const r = searchWorkspace(store.documents(), query, options);
      if (r.ok) {
        setResult(r.value);
        setError(null);
      } else {
        setResult(null);
        setError(r.error.message);
      }
    }, 200);
    return () => clearTimeout(timer);
  }, [store, query, options]);
  const option = (key: keyof typeof options, label: string) => (
    <Checkbox isSelected={options[key]} onChange={(v) => setOptions({ ...options, [key]: v })} className="checkbox-option">
      {label}
    </Checkbox>
  );
  return (
    <section aria-label="Search" className="results">
      <form className="search-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchField value={query} onChange={setQuery} aria-label="Search in the workspace">
          <Label className="visually-hidden">Search in the workspace</Label>
          <Input ref={input} placeholder="Search in every document (Ctrl+Shift+F)" />
        </SearchField>
        {option('matchCase', 'Match case')}
        {option('wholeWord', 'Whole word')}
        {option('regex', 'Regular expression')}
      </form>
      {error && (
        <p role="alert" className="inline-error">
          {error}
        </p>
      )}
      <div role="status" className="count" aria-live="polite">
        {result ? `${result.total}${result.truncated ? '+' : ''} ${result.total === 1 ? 'match' : 'matches'} in ${result.files.length} ${result.files.length === 1 ? 'file' : 'files'}` : ''}
      </div>
      {result && (
        <ul aria-label="Search results">
          {result.files.map((f) => (
            <li key={f.file}>
              <h3 className="result-file mono">{`${f.file} (${f.matches.length})`}</h3>
              <ul>
                {f.matches.map((m) => (
                  <li key={`${m.line}:${m.column}`}>
                    <Button className="result-line" aria-label={`${f.file}:${m.line}:${m.column} ${m.lineText.trim()}`} onPress={() => void store.openLocation(f.file, m.line, m.column)}>
                      <span className="loc">{`${m.line}: `}</span>
                      <Line text={m.lineText} column={m.column} length={m.length} />
                    </Button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
