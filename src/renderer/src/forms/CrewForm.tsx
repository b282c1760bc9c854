/**
 * The crew form: crew fields, the live crew value against the limits of the scenarios that use
 * the crew, and one card per member.
 */
import { Button } from 'react-aria-components';
import { crewValue, scenariosUsing, workspaceKnobs } from './crew-math';
import { asArray, asRecord, asString, freshId } from './data';
import { CheckboxField, TextField } from './fields';
import type { FormApi } from './form-api';
import { MemberCard } from './MemberCard';
import { Messages } from './Messages';

function CrewValue({ form }: { form: FormApi }) {
  const value = crewValue(form.data.members, form.model);
  const limits = scenariosUsing(asString(form.data.id), form.model);
  return (
    <section className="crew-value" aria-label="Crew value">
      <p role="status">
        Crew value: <strong>{value}</strong> <span className="muted">(die values plus equipment costs, R1.1–R1.2)</span>
      </p>
      {limits.length > 0 && (
        <ul aria-label="Scenario limits">
          {limits.map((s) => (
            <li key={s.id} className={s.limit !== null && value > s.limit ? 'over' : 'within'}>
              {s.limit === null
                ? `${s.name}: no crew value limit`
                : value > s.limit
                  ? `${s.name}: limit ${s.limit}, over by ${value - s.limit}`
                  : `${s.name}: limit ${s.limit}, ${s.limit - value} to spare`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The form of a `kind: crew` document. */
export function CrewForm({ form }: { form: FormApi }) {
  const members = asArray(form.data.members);
  const knobs = workspaceKnobs(form.model);
  const addMember = (): void => {
    const id = freshId('member', members.map((m) => asRecord(m).id));
    const hasCaptain = members.some((m) => asRecord(m).captain === true);
    const member = { id, name: `Member ${id.slice(7)}`, type: 'survivor', die: 'd6', health: 1, ...(hasCaptain ? {} : { captain: true }) };
    form.insert(['members'], members.length, member);
  };
  return (
    <div className="doc-form crew-form">
      <div className="row">
        <TextField form={form} path={['name']} label="Crew name" />
        <TextField form={form} path={['id']} label="Crew id" hint="lowercase-kebab-case; other documents refer to it" />
        <CheckboxField form={form} path={['npc']} label="NPC crew (played by the engine; morale applies)" />
      </div>
      <TextField form={form} path={['text']} label="Crew text" optional multiline />
      <CrewValue form={form} />
      <section aria-label="Members">
        <h3>Members</h3>
        <Messages form={form} path={['members']} />
        {members.map((_, i) => (
          <MemberCard key={i} form={form} index={i} count={members.length} knobs={knobs} />
        ))}
        <Button className="button-secondary" onPress={addMember}>
          Add member
        </Button>
      </section>
    </div>
  );
}
