/** Every crew's roster: members with die, Health now and at the start, status, victories, advancement and history. */
import { ChevronRight, Skull, TrendingUp } from 'lucide-react';
import { Button, Cell, Column, Disclosure, DisclosurePanel, Heading, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { Roster, RosterMember } from '../../../shared/campaign';

const KIND_LABEL: Record<string, string> = {
  victory: 'Victory',
  defeat: 'Defeat',
  injury: 'Injury',
  death: 'Death',
  discovery: 'Discovery',
  equipmentGained: 'Equipment gained',
  enemyDefeated: 'Enemy defeated',
  failure: 'Failure',
  note: 'Note',
  advancement: 'Advancement',
};

function status(m: RosterMember): string {
  if (m.dead) return 'dead';
  return m.injuries > 0 ? `injured ${m.injuries} ${m.injuries === 1 ? 'time' : 'times'}` : 'active';
}

/** A member's history as a timeline, behind a disclosure. */
function Timeline({ crew, m }: { crew: string; m: RosterMember }) {
  if (m.history.length === 0) return <span className="muted">no history yet</span>;
  return (
    <Disclosure className="cv-disclosure">
      <Heading level={5} className="cv-disclosure-heading">
        <Button slot="trigger" className="cv-button cv-link">
          <ChevronRight size={14} aria-hidden className="cv-chevron" /> {m.history.length} {m.history.length === 1 ? 'entry' : 'entries'}
        </Button>
      </Heading>
      <DisclosurePanel>
        <ol className="cv-timeline" aria-label={`History of ${m.name} (${crew})`}>
          {m.history.map((h, i) => (
            <li key={i} className={`cv-h-${h.kind}`}>
              <span className="cv-h-date">{h.date ?? '—'}</span> <strong>{KIND_LABEL[h.kind] ?? h.kind}</strong>
              {h.text ? `: ${h.text}` : ''}
            </li>
          ))}
        </ol>
      </DisclosurePanel>
    </Disclosure>
  );
}

/** One crew's roster table. */
function RosterTable({ roster, onAdvance, busy }: { roster: Roster; onAdvance: (crew: string, member: RosterMember) => void; busy: boolean }) {
  return (
    <section className="cv-roster" aria-labelledby={`roster-${roster.crew}`}>
      <h4 id={`roster-${roster.crew}`}>{roster.name}</h4>
      {roster.captainDead && (
        <p role="note" className="cv-warning">
          The Captain of {roster.name} is dead. Set <code>captain: true</code> on a living member (in the crew's Form or YAML) before its next battle.
        </p>
      )}
      <Table aria-label={`Roster of ${roster.name}`} className="cv-table">
        <TableHeader>
          <Column isRowHeader>Member</Column>
          <Column>Die</Column>
          <Column>Health now</Column>
          <Column>Health at the start</Column>
          <Column>Status</Column>
          <Column>Victories</Column>
          <Column>Advancement</Column>
          <Column>History</Column>
        </TableHeader>
        <TableBody items={roster.members} dependencies={[busy, onAdvance]}>
          {(m) => (
            <Row id={m.id} className={m.dead ? 'cv-dead-row' : undefined}>
              <Cell>
                {m.dead && <Skull size={14} aria-hidden />} {m.name}
                {m.captain && <span className="muted"> (Captain)</span>}
              </Cell>
              <Cell>{m.die}</Cell>
              <Cell>{m.health}</Cell>
              <Cell>{m.startHealth ?? '—'}</Cell>
              <Cell>{status(m)}</Cell>
              <Cell>{m.victories}</Cell>
              <Cell>
                {m.nextDie ? (
                  <Button className="button-secondary" isDisabled={busy} onPress={() => onAdvance(roster.crew, m)} aria-label={`Advance ${m.name} from ${m.die} to ${m.nextDie}`}>
                    <TrendingUp size={14} aria-hidden /> may advance {m.die} → {m.nextDie}
                  </Button>
                ) : (
                  <span className="muted">—</span>
                )}
              </Cell>
              <Cell>
                <Timeline crew={roster.name} m={m} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </section>
  );
}

/** The rosters of every crew of the campaign. */
export function Rosters({ rosters, onAdvance, busy }: { rosters: Roster[]; onAdvance: (crew: string, member: RosterMember) => void; busy: boolean }) {
  return (
    <>
      {rosters.map((r) => (
        <RosterTable key={r.crew} roster={r} onAdvance={onAdvance} busy={busy} />
      ))}
    </>
  );
}
