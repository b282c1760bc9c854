/**
 * The scenario form: rounds, crew value limit, ruleset, Areas with their link graph, the two
 * sides with deployment, objectives, scoring and end conditions.
 */
import { asArray, asRecord, asString, nameOf } from './data';
import { AreasSection } from './AreasSection';
import { NumberField, SelectField, TextField } from './fields';
import type { FormApi } from './form-api';
import { ObjectivesSection } from './ObjectivesSection';
import { Messages } from './Messages';
import { SchemaField } from './SchemaField';
import { rulesetChoices } from './WorkspaceForm';

function SidesSection({ form }: { form: FormApi }) {
  const sides = asArray(form.data.sides);
  const areas = asArray(form.data.areas).map((a) => ({ value: asString(asRecord(a).id), label: nameOf(a, asString(asRecord(a).id)) })).filter((c) => c.value !== '');
  const crews = [...(form.model?.crews.values() ?? [])].map((c) => ({ value: c.id, label: nameOf(c, c.id) }));
  return (
    <section aria-label="Sides">
      <h3>Sides</h3>
      <Messages form={form} path={['sides']} />
      {sides.map((side, i) => {
        const s = asRecord(side);
        const who = `side ${nameOf(s, String(i + 1))}`;
        const p = ['sides', i];
        const crew = form.model?.crews.get(asString(s.crew));
        return (
          <fieldset key={i} className="card" aria-label={who}>
            <legend>{`Side ${nameOf(s, String(i + 1))}`}</legend>
            <Messages form={form} path={p} />
            <div className="row">
              <TextField form={form} path={[...p, 'name']} label={`Name of ${who}`} />
              <TextField form={form} path={[...p, 'id']} label={`Id of ${who}`} />
              <SelectField form={form} path={[...p, 'deploy']} label={`Deployment Area of ${who}`} choices={areas} />
              <SelectField form={form} path={[...p, 'crew']} label={`Default crew of ${who}`} choices={crews} optional noneLabel="chosen when playing" />
            </div>
            {crew && (
              <div className="row" role="group" aria-label={`Member deployment of ${who}`}>
                {asArray(crew.members).map((m) => {
                  const id = asString(asRecord(m).id);
                  return id ? <SelectField key={id} form={form} path={[...p, 'deployMembers', id]} label={`Deploy ${nameOf(m, id)} (${who})`} choices={areas} optional noneLabel="with the side" /> : null;
                })}
              </div>
            )}
            <Messages form={form} path={[...p, 'deployMembers']} />
          </fieldset>
        );
      })}
    </section>
  );
}

/** The form of a `kind: scenario` document. */
export function ScenarioForm({ form }: { form: FormApi }) {
  return (
    <div className="doc-form scenario-form">
      <div className="row">
        <TextField form={form} path={['name']} label="Scenario name" />
        <TextField form={form} path={['id']} label="Scenario id" />
        <NumberField form={form} path={['rounds']} label="Rounds" optional min={1} hint="default 6 (R2.1)" />
        <NumberField form={form} path={['crewValueLimit']} label="Crew value limit" optional min={1} hint="a crew above it gets a crew-value warning" />
        <SelectField form={form} path={['ruleset']} label="Scenario ruleset" choices={rulesetChoices(form)} optional noneLabel="the workspace ruleset" />
      </div>
      <TextField form={form} path={['text']} label="Scenario text" optional multiline />
      <AreasSection form={form} />
      <SidesSection form={form} />
      <ObjectivesSection form={form} />
      <fieldset className="row">
        <legend>Scoring and end</legend>
        <SchemaField form={form} kind="scenario" schemaPath={['scoring', 'perEnemyIncapacitated']} path={['scoring', 'perEnemyIncapacitated']} label="Points per enemy incapacitated" />
        <SchemaField form={form} kind="scenario" schemaPath={['endWhen', 'allObjectivesDone']} path={['endWhen', 'allObjectivesDone']} label="End when all objectives are done" />
        <SchemaField form={form} kind="scenario" schemaPath={['endWhen', 'points']} path={['endWhen', 'points']} label="End when a side reaches points" />
        <Messages form={form} path={['scoring']} />
        <Messages form={form} path={['endWhen']} />
      </fieldset>
    </div>
  );
}
