// Monaco through its ESM API: the editor core with its editor features, the YAML language and
// nothing else (no other languages, no JSON/CSS/HTML/TypeScript services). This module is only
// reached from the editor chunk, loaded after the first paint.
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import 'monaco-editor/esm/vs/editor/editor.all.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess.js';
import 'monaco-editor/esm/vs/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import { configureMonacoYaml } from 'monaco-yaml';
import { SCHEMAS } from '../../../shared/model/schemas';
import { installMonacoEnvironment } from './environment';
import { schemaRegistrations } from './schema-config';

let configured = false;

/**
 * Prepares Monaco once: workers, YAML language support on the project's schemas (completion and
 * hover from the schema descriptions). monaco-yaml's own validation is off: diagnostics come only
 * from the shared validator, so the editor shows exactly the CLI's codes and messages.
 */
export function setupMonaco(): typeof monaco {
  if (configured) return monaco;
  configured = true;
  installMonacoEnvironment(monaco);
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: false,
    completion: true,
    hover: true,
    schemas: schemaRegistrations(SCHEMAS),
  });
  return monaco;
}

export { monaco };
