import { useRef, useState } from 'react';
import { Button, Input, Label, Menu, MenuItem, Popover, Separator, TextField } from 'react-aria-components';
import { deleteFile, duplicateFile, renameFile, revealFile } from '../state/file-ops';
import { uiStoreOf } from '../state/ui-store';
import { useWorkspaceStore } from '../state/use-store';
import { Dialog } from './Dialog';

type Pending = { kind: 'rename' } | { kind: 'delete' } | { kind: 'path'; abs: string } | null;

/**
 * The explorer's context menu of one document (right click, Shift+F10 or the context-menu key):
 * Open, Open as Form, New document…, Rename file…, Duplicate, Delete (kept in History), Reveal in
 * the file manager. Escape or a click outside closes it and focus goes back to the document.
 */
export function ExplorerMenu({ path, anchor, onClose }: { path: string; anchor: HTMLElement; onClose: () => void }) {
  const store = useWorkspaceStore();
  const ui = uiStoreOf(store);
  const anchorRef = useRef<HTMLElement>(anchor);
  anchorRef.current = anchor;
  const [pending, setPending] = useState<Pending>(null);
  const [menuOpen, setMenuOpen] = useState(true);
  const [newPath, setNewPath] = useState(path);
  const [error, setError] = useState<string | null>(null);
  const unsaved = store.tab(path)?.dirty ?? false;
  const finish = (): void => {
    onClose();
    requestAnimationFrame(() => anchor.isConnected && anchor.focus());
  };
  const act = async (key: string): Promise<void> => {
    setMenuOpen(false);
    if (key === 'open' || key === 'form') {
      await store.open(path);
      if (key === 'form') store.patchTab(path, { view: 'form' });
      ui.set({ view: 'editor' });
      onClose();
    } else if (key === 'new') {
      ui.set({ newDocument: ui.getState().newDocument + 1 });
      onClose();
    } else if (key === 'rename') setPending({ kind: 'rename' });
    else if (key === 'delete') setPending({ kind: 'delete' });
    else if (key === 'duplicate') {
      const problem = await duplicateFile(store, path);
      if (problem) store.status(problem, true);
      onClose();
    } else if (key === 'reveal') {
      const r = await revealFile(store, path);
      if ('path' in r) setPending({ kind: 'path', abs: r.path });
      else {
        if ('error' in r) store.status(r.error, true);
        else store.status(`Shown ${path} in the file manager`);
        finish();
      }
    }
  };
  return (
    <>
      {menuOpen && (
        <Popover triggerRef={anchorRef} isOpen onOpenChange={(o) => !o && finish()} placement="bottom start" className="menu-popover">
          <Menu aria-label={`Actions on ${path}`} className="menu" autoFocus="first" onAction={(k) => void act(String(k))}>
            <MenuItem id="open">Open</MenuItem>
            <MenuItem id="form">Open as Form</MenuItem>
            <Separator />
            <MenuItem id="new">New document…</MenuItem>
            <MenuItem id="rename">Rename file…</MenuItem>
            <MenuItem id="duplicate">Duplicate</MenuItem>
            <MenuItem id="delete">Delete (kept in History)</MenuItem>
            <Separator />
            <MenuItem id="reveal">Reveal in the file manager</MenuItem>
          </Menu>
        </Popover>
      )}
      {pending?.kind === 'rename' && (
        <Dialog title={`Rename ${path}`} onCancel={finish}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void renameFile(store, path, newPath).then((problem) => (problem ? setError(problem) : finish()));
            }}
          >
            <TextField value={newPath} onChange={setNewPath} autoFocus>
              <Label>New file name</Label>
              <Input spellCheck={false} />
            </TextField>
            <p className="muted">Ids inside the document do not change; use F2 on an id to rename it everywhere.</p>
            {error && (
              <p role="alert" className="inline-error">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Button type="submit">Rename</Button>
              <Button onPress={finish}>Cancel</Button>
            </div>
          </form>
        </Dialog>
      )}
      {pending?.kind === 'delete' && (
        <Dialog title={`Delete ${path}?`} onCancel={finish}>
          <p>{`${path} is removed from the workspace. Its last saved version is kept in History${unsaved ? '; your unsaved edits in its tab are lost' : ''}, and "Undo delete" in the status bar writes it back.`}</p>
          {error && (
            <p role="alert" className="inline-error">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <Button autoFocus onPress={() => void deleteFile(store, path).then((problem) => (problem ? setError(problem) : onClose()))}>
              Delete
            </Button>
            <Button onPress={finish}>Cancel</Button>
          </div>
        </Dialog>
      )}
      {pending?.kind === 'path' && (
        <Dialog title={`Where ${path} is`} onCancel={finish}>
          <p>This window cannot open the file manager. The file is at:</p>
          <p className="mono">{pending.abs}</p>
          <div className="dialog-actions">
            <Button autoFocus onPress={() => void navigator.clipboard?.writeText(pending.abs).then(() => store.status('Path copied'), () => store.status('Could not copy; select the path and copy it.', true)).finally(finish)}>
              Copy the path
            </Button>
            <Button onPress={finish}>Close</Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
