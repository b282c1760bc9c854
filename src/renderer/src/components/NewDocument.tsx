import { FilePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, Input, Label, Menu, MenuItem, MenuTrigger, Popover, TextField } from 'react-aria-components';
import type { DocKind } from '../../../shared/model/types';
import { suggestFolder } from '../../../shared/templates';
import { createDocument } from '../state/new-document';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';

interface Template {
  kind: DocKind;
  name: string;
  text: string;
}

/**
 * "New document" button: a `menu` of the templates from `listTemplates()` (react-aria-components:
 * Escape or a click outside closes it and returns focus), then a dialog asking for the file
 * name, suggested in the folder the workspace keeps that kind in. The file is created (never
 * overwriting), its ids made unique, and opened in Form view.
 */
export function NewDocument() {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const { newDocument } = useUi(ui);
  const documents = useStoreSelector((s) => s.documents);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [menuError, setMenuError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Template | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const load = async (): Promise<void> => {
    const r = await store.api.listTemplates();
    if (!r.ok) return setMenuError(r.error.message);
    setMenuError(null);
    setTemplates(r.value);
  };
  // Alt+N and the command palette open the menu.
  useEffect(() => {
    if (newDocument === 0) return;
    void load();
    setOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newDocument]);

  const choose = (t: Template): void => {
    setChosen(t);
    const folder = suggestFolder(t.kind, documents);
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
    <>
      <MenuTrigger
        isOpen={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o && !templates) void load();
        }}
      >
        <Button className="icon-button">
          <FilePlus size={16} aria-hidden="true" />
          New document
        </Button>
        <Popover className="menu-popover" placement="bottom start">
          <span id="new-document-menu-label" hidden>
            New document of kind
          </span>
          <Menu
            aria-labelledby="new-document-menu-label"
            className="menu"
            items={templates ?? []}
            renderEmptyState={() => <p className="empty">{menuError ?? 'Loading the templates…'}</p>}
            onAction={(key) => {
              const t = templates?.find((x) => `${x.kind}:${x.name}` === key);
              if (t) choose(t);
            }}
          >
            {(t) => (
              <MenuItem id={`${t.kind}:${t.name}`} textValue={`${t.name} (${t.kind})`}>
                <span>
                  {t.name} <span className="muted">({t.kind})</span>
                </span>
              </MenuItem>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      {menuError && (
        <span role="alert" className="inline-error">
          {menuError}
        </span>
      )}
      {chosen && (
        <Dialog title={`New document: ${chosen.name}`} onCancel={() => setChosen(null)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <TextField value={fileName} onChange={setFileName} autoFocus>
              <Label>File name</Label>
              <Input spellCheck={false} />
            </TextField>
            {error && (
              <p role="alert" className="inline-error">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Button type="submit">Create</Button>
              <Button onPress={() => setChosen(null)}>Cancel</Button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}
