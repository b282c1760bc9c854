import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setInteractionModality } from 'react-aria-components';
import { App } from './App';
import { getApi } from './api-client';
import { EditorContext, EditorLoader } from './monaco/editor-context';
import { persistSession, restoreSession } from './state/session';
import { StoreContext } from './state/use-store';
import { WorkspaceStore } from './state/workspace-store';
import { workerBackend } from './validation/worker-backend';
import './styles/tokens.css';
import './styles.css';

// The entry chunk holds the shell only (issue 15): Monaco, the forms and the Test run view are
// chunks of their own, loaded after the first paint; validation runs in a Web Worker.
const root = createRoot(document.getElementById('root') as HTMLElement);
const api = getApi();
if (!api) {
  root.render(
    <main className="start">
      <h1>Mortisphere Studio</h1>
      <p role="alert">
        This page has no access token. Open the exact address that <code>mortisphere serve</code> printed (it ends
        with <code>?token=…</code>).
      </p>
    </main>,
  );
} else {
  // react-aria starts with no interaction modality, which it counts as "keyboard" (focus rings
  // shown); the first pointer press then switches every focus-ring user in the window over, one
  // re-render of every row, tab and button on that first click. Start as a pointer: a key press
  // switches to keyboard (and focus rings) before the focus it causes moves.
  setInteractionModality('pointer');
  const store = new WorkspaceStore(api, workerBackend());
  const loader = new EditorLoader(store);
  api.on('main:file-changed', (ev) => void store.fileChanged(ev));
  root.render(
    <StrictMode>
      <StoreContext.Provider value={store}>
        <EditorContext.Provider value={loader}>
          <App />
        </EditorContext.Provider>
      </StoreContext.Provider>
    </StrictMode>,
  );
  let persisting = false;
  const persist = (): void => {
    if (persisting) return;
    persisting = true;
    persistSession(store, window.localStorage);
  };
  // The last session's tabs reopen as soon as the explorer shows, while the files still load.
  void store
    .init(async () => {
      await restoreSession(store, window.localStorage);
      persist();
    })
    .then(persist);
}
