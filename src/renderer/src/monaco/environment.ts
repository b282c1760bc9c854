import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker?worker';
import YamlWorker from './yaml.worker?worker';

/**
 * Installs the Monaco worker factory: YAML language worker for `yaml`, the base editor worker for
 * everything else. Workers are bundled files (no eval, CSP-safe). Call before creating editors.
 */
export function installMonacoEnvironment(): void {
  globalThis.MonacoEnvironment = {
    getWorker(_moduleId: string, label: string): Worker {
      return label === 'yaml' ? new YamlWorker() : new EditorWorker();
    },
  };
}
