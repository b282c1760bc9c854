import type { BoardView, MemberView } from './board-model';

function Pips({ health, max }: { health: number; max: number }) {
  return (
    <span className="tr-pips" aria-hidden="true">
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={i < health ? 'tr-pip full' : 'tr-pip'} />
      ))}
    </span>
  );
}

function MemberCard({ m }: { m: MemberView }) {
  const status = [
    m.incapacitated ? 'incapacitated' : '',
    m.fled ? 'fled' : '',
    m.lastStand ? 'Last Stand' : '',
    m.activated ? 'activated' : 'ready',
  ].filter((x) => x !== '');
  return (
    <li
      className={`tr-member side-${m.sideIndex}${m.incapacitated || m.fled ? ' out' : ''}`}
      aria-label={`${m.name} of ${m.side}`}
    >
      <strong>{m.name}</strong>
      {m.captain && <span title="Captain"> ★</span>} <span className="tr-die">{m.die}</span>{' '}
      <Pips health={m.health} max={m.maxHealth} /> <span>{`Health ${m.health}/${m.maxHealth}`}</span>{' '}
      <span>{`max roll ${m.maxRoll}`}</span> <em>{status.join(', ')}</em>
    </li>
  );
}

/** The Area board: one card per Area with its members, objectives and links (see `boardAt`). */
export function Board({ board }: { board: BoardView }) {
  return (
    <div className="tr-board">
      <p className="tr-score" role="status">
        {`Round ${board.round} of ${board.rounds} · `}
        {board.points.map(([side, pts]) => `${side} ${pts}`).join(' · ')}
      </p>
      <div className="tr-areas">
        {board.areas.map((a) => (
          <section
            key={a.id}
            className={a.contested ? 'tr-area contested' : 'tr-area'}
            aria-label={`Area ${a.name}`}
          >
            <h4>
              {a.name}
              {a.contested ? ' (contested)' : ''}
            </h4>
            <p className="tr-links">
              {a.links === null ? 'Links: any Area' : `Links: ${a.links.join(', ') || 'none'}`}
            </p>
            <ul className="tr-members">
              {a.members.map((m) => (
                <MemberCard key={m.key} m={m} />
              ))}
              {a.members.length === 0 && <li className="tr-empty">nobody</li>}
            </ul>
            {a.objectives.length > 0 && (
              <ul className="tr-objectives" aria-label={`Objectives in ${a.name}`}>
                {a.objectives.map((o) => (
                  <li key={o.id}>
                    <strong>{o.name}</strong> {`(${o.kind}, ${o.points} pt)`}
                    {o.progress.map(([side, p, req]) => (
                      <span key={side}>{` · ${side} ${p}/${req}`}</span>
                    ))}
                    <span>{o.heldBy.length > 0 ? ` · held by ${o.heldBy.join(', ')}` : ' · not held'}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
