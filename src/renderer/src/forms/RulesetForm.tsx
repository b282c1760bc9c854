/**
 * The ruleset form: `extends`, then every knob of RULES.md grouped as in the schema, each with
 * its default and one-line explanation from the schema. An unset knob inherits.
 */
import { Button } from 'react-aria-components';
import { schemaAt } from '../../../shared/model/schemas';
import { CORE_RULESET } from '../../../shared/model/ruleset-defaults';
import { asArray, asRecord, asString } from './data';
import { NumberField, SelectField, TextField } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons } from './list-fields';
import { Messages } from './Messages';
import { firstSentence, SchemaField } from './SchemaField';
import { rulesetChoices } from './WorkspaceForm';

const OUTCOMES = [{ value: 'dead' }, { value: 'injury' }, { value: 'recovers' }];

function AftermathTable({ form }: { form: FormApi }) {
  const table = asRecord(form.data.aftermath).table;
  const rows = asArray(table);
  const path = ['aftermath', 'table'];
  return (
    <div className="aftermath-table" role="group" aria-label="Aftermath table">
      <span className="label">Aftermath table</span>
      <Messages form={form} path={path} />
      {table === undefined ? (
        <p className="muted">
          Inherited: {CORE_RULESET.aftermath.table.map((r) => `${r.min}–${r.max} ${r.outcome}`).join(', ')}.{' '}
          <Button className="button-secondary" onPress={() => form.set(path, CORE_RULESET.aftermath.table.map((r) => ({ ...r })))}>
            Write a custom table
          </Button>
        </p>
      ) : (
        <>
          {rows.map((_, i) => {
            const name = `aftermath row ${i + 1}`;
            return (
              <div key={i} className="row" role="group" aria-label={name}>
                <NumberField form={form} path={[...path, i, 'min']} label={`From (${name})`} min={1} max={20} />
                <NumberField form={form} path={[...path, i, 'max']} label={`To (${name})`} min={1} max={20} />
                <SelectField form={form} path={[...path, i, 'outcome']} label={`Outcome (${name})`} choices={OUTCOMES} />
                <EntryButtons form={form} listPath={path} index={i} count={rows.length} name={name} />
              </div>
            );
          })}
          <Button className="button-secondary" onPress={() => form.insert(path, rows.length, { min: 1, max: 1, outcome: 'recovers' })}>
            Add aftermath row
          </Button>
          <Button className="button-secondary" onPress={() => form.set(path, undefined)}>
            Inherit the table
          </Button>
        </>
      )}
    </div>
  );
}

/** The form of a `kind: ruleset` document. */
export function RulesetForm({ form }: { form: FormApi }) {
  const groups = Object.keys(CORE_RULESET) as (keyof typeof CORE_RULESET)[];
  return (
    <div className="doc-form ruleset-form">
      <div className="row">
        <TextField form={form} path={['name']} label="Ruleset name" optional />
        <TextField form={form} path={['id']} label="Ruleset id" />
        <SelectField
          form={form}
          path={['extends']}
          label="Extends"
          choices={rulesetChoices(form, asString(form.data.id))}
          optional
          noneLabel="core (default)"
          hint={firstSentence(schemaAt('ruleset', ['extends'])?.description)}
        />
      </div>
      <TextField form={form} path={['text']} label="Ruleset text" optional multiline />
      {groups.map((group) => {
        const defaults = CORE_RULESET[group];
        const gs = schemaAt('ruleset', [group]);
        const title = gs?.title ?? group;
        if (typeof defaults !== 'object') {
          return <SchemaField key={group} form={form} kind="ruleset" schemaPath={[group]} path={[group]} full />;
        }
        return (
          <fieldset key={group} className="knob-group">
            <legend>{title}</legend>
            {gs?.description && <p className="hint">{gs.description}</p>}
            <Messages form={form} path={[group]} />
            {Object.keys(defaults)
              .filter((knob) => !(group === 'aftermath' && knob === 'table'))
              .map((knob) => {
                const ks = schemaAt('ruleset', [group, knob]);
                return <SchemaField key={knob} form={form} kind="ruleset" schemaPath={[group, knob]} path={[group, knob]} label={`${title}: ${ks?.title ?? knob}`} />;
              })}
            {group === 'aftermath' && <AftermathTable form={form} />}
          </fieldset>
        );
      })}
    </div>
  );
}
