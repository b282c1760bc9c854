/** The Campaign view's standings and ledger tables (real tables with column headers). */
import { History, Play } from 'lucide-react';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { LedgerRow, StandingRow } from '../../../shared/campaign';

/** The standings table: battles, wins, draws, losses, points for and against, per crew. */
export function StandingsTable({ rows }: { rows: StandingRow[] }) {
  return (
    <Table aria-label="Standings" className="cv-table">
      <TableHeader>
        <Column>Place</Column>
        <Column isRowHeader>Crew</Column>
        <Column>Battles</Column>
        <Column>Wins</Column>
        <Column>Draws</Column>
        <Column>Losses</Column>
        <Column>Points for</Column>
        <Column>Points against</Column>
      </TableHeader>
      <TableBody items={rows}>
        {(r) => (
          <Row id={r.crew}>
            <Cell>{r.rank}</Cell>
            <Cell>{r.name}</Cell>
            <Cell>{r.battles}</Cell>
            <Cell>{r.wins}</Cell>
            <Cell>{r.draws}</Cell>
            <Cell>{r.losses}</Cell>
            <Cell>{r.pointsFor}</Cell>
            <Cell>{r.pointsAgainst}</Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}

const OUTCOME: Record<string, string> = { dead: 'dead', injury: 'lasting injury', recovers: 'recovers' };

/** The ledger: every battle with date, scenario, crews, result, points and its aftermath. */
export function LedgerTable({ rows, onReplay }: { rows: LedgerRow[]; onReplay: (index: number) => void }) {
  return (
    <Table aria-label="Ledger" className="cv-table cv-ledger">
      <TableHeader>
        <Column>#</Column>
        <Column>Date</Column>
        <Column isRowHeader>Scenario</Column>
        <Column>Crews and points</Column>
        <Column>Result</Column>
        <Column>Aftermath</Column>
        <Column>Replay</Column>
      </TableHeader>
      <TableBody items={rows} dependencies={[onReplay]} renderEmptyState={() => <p className="muted">No battle recorded yet.</p>}>
        {(b) => (
          <Row id={b.index}>
            <Cell>{b.index + 1}</Cell>
            <Cell>{b.date}</Cell>
            <Cell>
              {b.scenarioName}
              {b.text && <div className="muted cv-note">{b.text}</div>}
            </Cell>
            <Cell>
              {b.sides.map((s) => (
                <div key={s.side} className={b.missingCrews.includes(s.crew) ? 'cv-missing' : undefined}>
                  {s.name} {s.points}
                  {b.missingCrews.includes(s.crew) && ' (this crew no longer exists)'}
                </div>
              ))}
            </Cell>
            <Cell>{b.result}</Cell>
            <Cell>
              {b.aftermath.length === 0 && b.fled.length === 0 ? (
                <span className="muted">nobody fell</span>
              ) : (
                <ul className="cv-aftermath" aria-label={`Aftermath of battle ${b.index + 1}`}>
                  {b.aftermath.map((a) => (
                    <li key={a.member}>
                      {a.name}
                      {a.by && <span className="muted"> (taken down by {a.by})</span>}: roll {a.roll}, <strong className={`cv-${a.outcome}`}>{OUTCOME[a.outcome]}</strong>
                    </li>
                  ))}
                  {b.fled.map((f) => (
                    <li key={f.member}>{f.name}: fled</li>
                  ))}
                </ul>
              )}
            </Cell>
            <Cell>
              {b.seed === null ? (
                <span className="muted">played at the table</span>
              ) : (
                <Button className="button-secondary" onPress={() => onReplay(b.index)} aria-label={`Replay battle ${b.index + 1}`}>
                  {b.ai ? <Play size={14} aria-hidden /> : <History size={14} aria-hidden />} Replay
                </Button>
              )}
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
