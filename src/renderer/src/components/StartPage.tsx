import { useState } from 'react';
import { useStoreState, useWorkspaceStore } from '../state/use-store';

/** Shown when no workspace is open: recent workspaces, a path field, and (Electron) a folder dialog. */
export function StartPage() {
  const store = useWorkspaceStore();
  const { recent, status } = useStoreState();
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
          <label>
            Folder path
            <input value={path} onChange={(e) => setPath(e.target.value)} spellCheck={false} />
          </label>
          <button type="submit">Open</button>
          {window.mortisphere && (
            <button type="button" onClick={() => void store.openWorkspace()}>
              Choose folder…
            </button>
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
                <button type="button" onClick={() => void store.openWorkspace(r)}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

/** Header menu of recent workspaces (switches the open workspace; unsaved edits stay as drafts). */
export function RecentMenu() {
  const store = useWorkspaceStore();
  const { recent, workspace } = useStoreState();
  const [open, setOpen] = useState(false);
  const others = recent.filter((r) => r !== workspace?.root);
  return (
    <span className="menu-anchor">
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        Recent workspaces
      </button>
      {open && (
        <ul role="menu" aria-label="Recent workspaces" className="menu" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
          {others.length === 0 && (
            <li role="none" className="empty">
              No other recent workspaces
            </li>
          )}
          {others.map((r) => (
            <li key={r} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void store.openWorkspace(r);
                }}
              >
                {r}
              </button>
            </li>
          ))}
          {window.mortisphere && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void store.openWorkspace();
                }}
              >
                Open folder…
              </button>
            </li>
          )}
        </ul>
      )}
    </span>
  );
}
