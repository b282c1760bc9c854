/**
 * One member of a crew as a card: die picker, Health stepper, Captain toggle, type, abilities
 * and equipment from the libraries, history, special rules, recruit cost and max roll per Health.
 */
import { Button } from 'react-aria-components';
import type { DocPath, EditValue } from '../../../shared/doc-edit';
import { BUILTIN_TYPES, DICE } from '../../../shared/model/types';
import type { RulesetKnobs } from '../../../shared/model/types';
import { maxRollsByHealth, recruitCost } from './crew-math';
import { asArray, asRecord, nameOf } from './data';
import { RulesList } from './RulesList';
import { CheckboxField, NumberField, SelectField, TextField } from './fields';
import type { Choice } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons, IdListField } from './list-fields';
import { Messages } from './Messages';

const HISTORY_KINDS: Choice[] = ['victory', 'defeat', 'injury', 'death', 'discovery', 'equipmentGained', 'enemyDefeated', 'failure', 'note'].map((value) => ({ value }));

/** Choices for a member's type: the built-in types, then the workspace's homebrew types. */
export function typeChoices(form: FormApi): Choice[] {
  const homebrew = [...(form.model?.crewTypes.values() ?? [])].map((t) => ({ value: t.id, label: `${nameOf(t, t.id)} (homebrew ${t.id})` }));
  return [...BUILTIN_TYPES.map((t) => ({ value: t })), ...homebrew];
}

function History({ form, path, who }: { form: FormApi; path: DocPath; who: string }) {
  const entries = asArray(asRecord(asArray(form.data.members)[path[1] as number]).history);
  const scenarios: Choice[] = [...(form.model?.scenarios.values() ?? [])].map((s) => ({ value: s.id, label: nameOf(s, s.id) }));
  const listPath = [...path, 'history'];
  return (
    <section className="history" aria-label={`History of ${who}`}>
      <h4>History</h4>
      <Messages form={form} path={listPath} />
      {entries.map((_, i) => {
        const p = [...listPath, i];
        const name = `history entry ${i + 1} of ${who}`;
        return (
          <div key={i} className="row history-entry" role="group" aria-label={name}>
            <SelectField form={form} path={[...p, 'kind']} label={`Kind of ${name}`} choices={HISTORY_KINDS} />
            <SelectField form={form} path={[...p, 'scenario']} label={`Scenario of ${name}`} choices={scenarios} optional />
            <TextField form={form} path={[...p, 'date']} label={`Date of ${name}`} optional placeholder="YYYY-MM-DD" />
            <TextField form={form} path={[...p, 'text']} label={`Text of ${name}`} optional />
            <EntryButtons form={form} listPath={listPath} index={i} count={entries.length} name={name} />
            <Messages form={form} path={p} />
          </div>
        );
      })}
      <Button className="button-secondary" onPress={() => form.insert(listPath, entries.length, { kind: 'note', text: 'New entry' })}>
        {`Add history entry to ${who}`}
      </Button>
    </section>
  );
}

function MaxRolls({ member, knobs }: { member: Record<string, unknown>; knobs: RulesetKnobs }) {
  const levels = maxRollsByHealth(member.die, member.health, member.captain === true, knobs);
  if (levels.length === 0) return null;
  return (
    <table className="max-rolls" aria-label={`Max roll by Health of ${nameOf(member, 'member')}`}>
      <thead>
        <tr>
          <th scope="row">Health</th>
          {levels.map((l) => (
            <th key={l.health} scope="col">
              {l.lastStand ? '0 (Last Stand)' : l.health}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Max roll</th>
          {levels.map((l) => (
            <td key={l.health}>{l.maxRoll}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** The card of member `index`; `knobs` give the max-roll table. */
export function MemberCard({ form, index, count, knobs }: { form: FormApi; index: number; count: number; knobs: RulesetKnobs }) {
  const members = asArray(form.data.members);
  const member = asRecord(members[index]);
  const who = nameOf(member, `member ${index + 1}`);
  const path: DocPath = ['members', index];
  const lib = (m: Map<string, { id: string; name?: string; cost?: number }> | undefined): Choice[] =>
    [...(m?.values() ?? [])].map((a) => ({ value: a.id, label: a.cost ? `${nameOf(a, a.id)} (cost ${a.cost})` : nameOf(a, a.id) }));
  const toggleCaptain = (checked: boolean): void => {
    if (!checked) return form.set([...path, 'captain'], undefined);
    const others = members.flatMap((m, k) => (k !== index && asRecord(m).captain === true ? [{ op: 'delete' as const, path: ['members', k, 'captain'] }] : []));
    form.apply(...others, { op: 'set', path: [...path, 'captain'], value: true as EditValue });
  };
  return (
    <fieldset className="card member" aria-label={who}>
      <legend>
        {who} <span className="muted">recruit cost {recruitCost(member, form.model)}</span>
      </legend>
      <Messages form={form} path={path} />
      <div className="row">
        <TextField form={form} path={[...path, 'name']} label={`Name of ${who}`} />
        <TextField form={form} path={[...path, 'id']} label={`Id of ${who}`} />
        <SelectField form={form} path={[...path, 'type']} label={`Type of ${who}`} choices={typeChoices(form)} />
      </div>
      <div className="row">
        <SelectField form={form} path={[...path, 'die']} label={`Die of ${who}`} choices={DICE.map((d) => ({ value: d }))} />
        <NumberField form={form} path={[...path, 'health']} label={`Health of ${who}`} min={1} stepper />
        <CheckboxField form={form} path={[...path, 'captain']} label={`Captain of ${who}`} onToggle={toggleCaptain} hint="exactly one per crew (R7.1)" />
      </div>
      <MaxRolls member={member} knobs={knobs} />
      <IdListField form={form} path={[...path, 'abilities']} label={`Abilities of ${who}`} choices={lib(form.model?.abilities)} />
      <IdListField form={form} path={[...path, 'equipment']} label={`Equipment of ${who}`} choices={lib(form.model?.equipment)} />
      <TextField form={form} path={[...path, 'text']} label={`Text of ${who}`} optional multiline />
      <History form={form} path={path} who={who} />
      <RulesList form={form} path={[...path, 'rules']} who={who} />
      <EntryButtons form={form} listPath={['members']} index={index} count={count} name={who} />
    </fieldset>
  );
}
