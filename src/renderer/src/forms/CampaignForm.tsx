/** The campaign form: crews, the planned scenario order, and the recorded battles. */
import { asArray, asRecord, asString, nameOf } from './data';
import { TextField } from './fields';
import type { FormApi } from './form-api';
import { EntryButtons, IdListField } from './list-fields';
import { Messages } from './Messages';

/** The form of a `kind: campaign` document. */
export function CampaignForm({ form }: { form: FormApi }) {
  const crews = [...(form.model?.crews.values() ?? [])].map((c) => ({ value: c.id, label: nameOf(c, c.id) }));
  const scenarios = [...(form.model?.scenarios.values() ?? [])].map((s) => ({ value: s.id, label: nameOf(s, s.id) }));
  const planned = asArray(form.data.scenarios);
  const battles = asArray(form.data.battles);
  return (
    <div className="doc-form campaign-form">
      <div className="row">
        <TextField form={form} path={['name']} label="Campaign name" />
        <TextField form={form} path={['id']} label="Campaign id" />
      </div>
      <TextField form={form} path={['text']} label="Campaign text" optional multiline />
      <IdListField form={form} path={['crews']} label="Campaign crews" choices={crews} />
      <IdListField form={form} path={['scenarios']} label="Planned scenarios" choices={scenarios} hint="in the order they are meant to be played" />
      {planned.length > 1 && (
        <ol aria-label="Scenario order">
          {planned.map((s, i) => (
            <li key={i}>
              {asString(s)} <EntryButtons form={form} listPath={['scenarios']} index={i} count={planned.length} name={`scenario ${asString(s)}`} />
            </li>
          ))}
        </ol>
      )}
      <section aria-label="Battles">
        <h3>Battles</h3>
        <Messages form={form} path={['battles']} />
        {battles.length === 0 && <p className="muted">No battle recorded yet; record them from this document's Campaign view (or with `mortisphere campaign record`).</p>}
        <ol>
          {battles.map((b, i) => {
            const r = asRecord(b);
            const name = `battle ${i + 1}`;
            const sides = Object.entries(asRecord(r.sides)).map(([k, v]) => `${k}: ${asString(v)}`).join(', ');
            const points = Object.entries(asRecord(r.points)).map(([k, v]) => `${k} ${asString(v)}`).join(', ');
            return (
              <li key={i} className="card" aria-label={name}>
                <p>
                  <strong>{asString(r.scenario)}</strong> {asString(r.date)}, {r.seed === undefined ? 'played at the table' : `seed ${asString(r.seed)}`} — {sides}; winner {r.winner === null ? 'none (draw)' : asString(r.winner)}; points {points}; {asArray(r.aftermath).length} aftermath roll(s)
                </p>
                <TextField form={form} path={['battles', i, 'text']} label={`Notes of ${name}`} optional />
                <Messages form={form} path={['battles', i]} />
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
