import { Button } from 'react-aria-components';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';

/**
 * The places found by "Find all references" (Shift+F12): the definition first, then every
 * reference, grouped by file; each opens the file at the place.
 */
export function ReferencesPanel() {
  const store = useWorkspaceStore();
  const { references } = useUi(uiStoreOf(store));
  if (!references) {
    return (
      <section aria-label="References" className="results">
        <p className="empty">Put the cursor on an id in the YAML editor and press Shift+F12 to list every place that names it.</p>
      </section>
    );
  }
  const files = [...new Set(references.places.map((p) => p.file))];
  const count = references.places.filter((p) => p.role === 'reference').length;
  return (
    <section aria-label="References" className="results">
      <h2>
        {`References of ${references.title}`} <span className="count">{`${count} ${count === 1 ? 'reference' : 'references'} in ${files.length} ${files.length === 1 ? 'file' : 'files'}`}</span>
      </h2>
      <ul>
        {files.map((file) => (
          <li key={file}>
            <h3 className="result-file mono">{file}</h3>
            <ul>
              {references.places
                .filter((p) => p.file === file)
                .map((p) => (
                  <li key={`${p.line}:${p.column}`}>
                    <Button className="result-line" aria-label={`${p.file}:${p.line}:${p.column} ${p.role}: ${p.lineText.trim()}`} onPress={() => void store.openLocation(p.file, p.line, p.column)}>
                      <span className="loc">{`${p.line}:${p.column} `}</span>
                      {p.role === 'definition' && <strong>definition </strong>}
                      {p.lineText.trim()}
                    </Button>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
