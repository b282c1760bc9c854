/**
 * The editor chunk (issue 15): Monaco with the YAML language, the model registry and the editor
 * pane. The shell reaches it only through `EditorLoader` and `React.lazy`, after the first paint.
 */
import type { WorkspaceStore } from '../state/workspace-store';
import type { EditorServices } from './editor-context';
import { registerLanguageProviders } from './language-providers';
import { ModelRegistry } from './model-registry';
import { setupMonaco } from './setup';

export { EditorPane } from '../components/EditorPane';

/** Sets Monaco up and gives every open tab (and every later one) its model. */
export function createEditorServices(store: WorkspaceStore): EditorServices {
  const monaco = setupMonaco();
  const registry = new ModelRegistry(monaco, store);
  registerLanguageProviders(monaco, store, registry);
  return { monaco, registry, editor: null };
}
