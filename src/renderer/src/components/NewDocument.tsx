import { useState } from 'react';
import type { DocKind } from '../../../shared/model/types';
import { suggestFolder } from '../../../shared/templates';
import { createDocument } from '../state/new-document';
import { useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';

interface Template {
  kind: DocKind;
  name: string;
  text: string;
}

/**
 * "New document" button: a `menu` of the templates from `listTemplates()`, then a dialog asking
 * for the file name; the file is created (never overwriting) and opened.
 */
export function NewDocument() {
  const store = useWorkspaceStore();
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [menuError, setMenuError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Template | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const openMenu = async (): Promise<void> => {
    if (templates) return setTemplates(null);
    const r = await store.api.listTemplates();
    if (!r.ok) return setMenuError(r.error.message);
    setMenuError(null);
    setTemplates(r.value);
  };
  const choose = (t: Template): void => {
    setTemplates(null);
    setChosen(t);
    const folder = suggestFolder(t.kind, store.state.documents);
    setFileName(`${folder ? `${folder}/` : ''}new-${t.kind.toLowerCase()}.yaml`);
    setError(null);
  };
  const create = async (): Promise<void> => {
    if (!chosen) return;
    const problem = await createDocument(store, fileName, chosen.text);
    if (problem) setError(problem);
    else setChosen(null);
  };

  return (
    <span className="menu-anchor">
      <button type="button" aria-haspopup="menu" aria-expanded={!!templates} onClick={() => void openMenu()}>
        New document
      </button>
      {menuError && (
        <span role="alert" className="inline-error">
          {menuError}
        </span>
      )}
      {templates && (
        <ul
          role="menu"
          aria-label="New document of kind"
          className="menu"
          onKeyDown={(e) => e.key === 'Escape' && setTemplates(null)}
        >
          {templates.map((t) => (
            <li key={`${t.kind}:${t.name}`} role="none">
              <button type="button" role="menuitem" onClick={() => choose(t)}>
                {t.name} <span className="muted">({t.kind})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen && (
        <Dialog title={`New document: ${chosen.name}`} onCancel={() => setChosen(null)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <label>
              File name
              <input value={fileName} onChange={(e) => setFileName(e.target.value)} spellCheck={false} />
            </label>
            {error && (
              <p role="alert" className="inline-error">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <button type="submit">Create</button>
              <button type="button" onClick={() => setChosen(null)}>
                Cancel
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </span>
  );
}
