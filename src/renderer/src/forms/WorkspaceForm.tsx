/** The workspace manifest form (`mortisphere.yaml`): name, ruleset, text. */
import { nameOf } from './data';
import { SelectField, TextField } from './fields';
import type { FormApi } from './form-api';

/** Choices for a ruleset reference: `core`, then the workspace's ruleset documents. */
export function rulesetChoices(form: FormApi, exclude?: string) {
  const own = [...(form.model?.rulesets.values() ?? [])].filter((r) => r.id !== exclude).map((r) => ({ value: r.id, label: nameOf(r, r.id) }));
  return [{ value: 'core', label: 'core (built-in rules)' }, ...own];
}

/** The form of a `kind: workspace` document. */
export function WorkspaceForm({ form }: { form: FormApi }) {
  return (
    <div className="doc-form workspace-form">
      <TextField form={form} path={['name']} label="Workspace name" />
      <SelectField form={form} path={['ruleset']} label="Workspace ruleset" choices={rulesetChoices(form)} optional noneLabel="core (default)" hint="used by every scenario that does not name its own" />
      <TextField form={form} path={['text']} label="Workspace text" optional multiline />
    </div>
  );
}
