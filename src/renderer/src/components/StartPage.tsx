import { FolderOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, Input, Label, Menu, MenuItem, MenuTrigger, Popover, TextField } from 'react-aria-components';
import { uiStoreOf, useUi } from '../state/ui-store';
import { useStoreSelector, useWorkspaceStore } from '../state/use-store';

/** Shown when no workspace is open: recent workspaces, a path field, and (Electron) a folder dialog. */
export function StartPage() {
  const store = useWorkspaceStore();
  const { recent, status } = useStoreSelector((s) => ({ recent: s.recent, status: s.status }));
  const [path, setPath] = useState('');
  return (
    <main className="start">
      <h1>Mortisphere Studio</h1>
      <section aria-label="Open a workspace">
        <h2>Open a workspace</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (path.trim()) void store.openWorkspace(path.trim());
          }}
        >
          <TextField value={path} onChange={setPath} className="text-field">
            <Label>Folder path</Label>
            <Input spellCheck={false} />
          </TextField>
          <Button type="submit">Open</Button>
          {window.mortisphere && (
            <Button onPress={() => void store.openWorkspace()}>
              Choose folder…
            </Button>
          )}
        </form>
        {status.error && (
          <p role="alert" className="inline-error">
            {status.text}
          </p>
        )}
      </section>
      {recent.length > 0 && (
        <section aria-label="Recent workspaces">
          <h2>Recent workspaces</h2>
          <ul>
            {recent.map((r) => (
              <li key={r}>
                <Button onPress={() => void store.openWorkspace(r)}>
                  {r}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

/**
 * Header menu of recent workspaces (switches the open workspace; unsaved edits stay as drafts).
 * A react-aria-components menu: arrow keys move, Escape or a click outside closes it and focus
 * goes back to its button.
 */
export function RecentMenu() {
  const store = useWorkspaceStore();
  const { recent, workspace } = useStoreSelector((s) => ({ recent: s.recent, workspace: s.workspace }));
  const ui = uiStoreOf(store);
  const { recentMenu } = useUi(ui);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (recentMenu > 0) setOpen(true);
  }, [recentMenu]);
  const others = recent.filter((r) => r !== workspace?.root);
  const items = [
    ...others.map((r) => ({ id: r, label: r })),
    ...(window.mortisphere ? [{ id: '__open', label: 'Open folder…' }] : []),
  ];
  return (
    <MenuTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="icon-button">
        <FolderOpen size={16} aria-hidden="true" />
        Recent workspaces
      </Button>
      <Popover className="menu-popover" placement="bottom start">
        <Menu
          aria-label="Recent workspaces"
          className="menu"
          items={items}
          renderEmptyState={() => <p className="empty">No other recent workspaces</p>}
          onAction={(key) => void store.openWorkspace(key === '__open' ? undefined : String(key))}
        >
          {(item) => <MenuItem id={item.id}>{item.label}</MenuItem>}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
