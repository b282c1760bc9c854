import type { WorkspaceModel } from '../../../shared/model/workspace';

/**
 * The options of a ruleset picker: the workspace's ruleset (value ''), the built-in `core`,
 * then every ruleset document of the workspace by name.
 */
export function RulesetOptions({ model, rulesets }: { model: WorkspaceModel | null; rulesets: { id: string; name: string }[] }) {
  return (
    <>
      <option value="">{`Workspace ruleset (${model?.workspace?.ruleset ?? 'core'})`}</option>
      <option value="core">core (built-in)</option>
      {rulesets.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
    </>
  );
}
