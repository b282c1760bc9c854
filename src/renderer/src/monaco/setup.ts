import * as monaco from 'monaco-editor';
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
  installMonacoEnvironment();
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
