import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WorkspaceValidator } from '../../shared/validation';
import { App } from './App';
import { getApi } from './api-client';
import { EditorContext } from './monaco/editor-context';
import type { EditorServices } from './monaco/editor-context';
import { ModelRegistry } from './monaco/model-registry';
import { setupMonaco } from './monaco/setup';
import { persistSession, restoreSession } from './state/session';
import { StoreContext } from './state/use-store';
import { WorkspaceStore } from './state/workspace-store';
import './styles.css';

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
  const monaco = setupMonaco();
  const store = new WorkspaceStore(api, () => new WorkspaceValidator());
  const registry = new ModelRegistry(monaco, store);
  const services: EditorServices = { monaco, registry, editor: null };
  api.on('main:file-changed', (ev) => void store.fileChanged(ev));
  root.render(
    <StrictMode>
      <StoreContext.Provider value={store}>
        <EditorContext.Provider value={services}>
          <App />
        </EditorContext.Provider>
      </StoreContext.Provider>
    </StrictMode>,
  );
  void store.init().then(async () => {
    await restoreSession(store, window.localStorage);
    persistSession(store, window.localStorage);
  });
}
