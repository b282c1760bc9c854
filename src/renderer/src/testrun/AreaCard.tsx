/**
 * One Area on the board map (issue 17, item 4): a labelled region with its name, whether it is
 * contested, where a move from it may go, its members as tokens, and its objectives with a
 * progress bar per side (interact progress, or the strength each side stands with for control and
 * reach).
 */
import { memo } from 'react';
import type { CSSProperties } from 'react';
import { Meter } from 'react-aria-components';
import { Crosshair, Flag, MapPin, Swords, Wrench } from 'lucide-react';
import type { MemberKey } from '../../../shared/engine';
import type { AttackOdds } from './board-odds';
import type { AreaView, ObjectiveView } from './board-model';
import { MemberToken } from './MemberToken';
import { SideMark } from './SideMark';

const KIND_ICON = { interact: Wrench, control: Flag, reach: MapPin, eliminate: Crosshair } as const;

/** One side's bar: `value` of `max`, labelled for people who cannot see it. */
function SideBar({ side, sideName, value, max, label, text }: { side: 0 | 1; sideName: string; value: number; max: number; label: string; text: string }) {
  return (
    <Meter className={`tr-bar side-${side}`} value={value} minValue={0} maxValue={Math.max(1, max)} aria-label={label} valueLabel={text}>
      {({ percentage }) => (
        <>
          <span className="tr-bar-side">
            <SideMark side={side} />
            {sideName}
          </span>
          <span className="tr-bar-track">
            <span className="tr-bar-fill" style={{ width: `${percentage}%` }} />
          </span>
          <span className="tr-bar-value">{text}</span>
        </>
      )}
    </Meter>
  );
}

/** An objective; not drawn again while it shows the same (compared by value: the board is rebuilt at each cursor move). */
const ObjectiveItem = memo(ObjectiveItemView, (a, b) => JSON.stringify(a.o) === JSON.stringify(b.o));

function ObjectiveItemView({ o }: { o: ObjectiveView }) {
  const Icon = KIND_ICON[o.kind as keyof typeof KIND_ICON] ?? Flag;
  const most = Math.max(1, ...o.strength.map(([, n]) => n));
  const held =
    o.kind === 'control' || o.kind === 'reach'
      ? o.heldBy.length > 0
        ? `held by ${o.heldBy.join(' and ')}`
        : 'not held'
      : o.heldBy.length > 0
        ? `scored by ${o.heldBy.join(' and ')}`
        : 'not scored yet';
  return (
    <li className="tr-objective">
      <span className="tr-objective-head">
        <Icon size={14} aria-hidden="true" />
        <strong>{o.name}</strong>
        <span className="tr-objective-kind">{`${o.kind}, ${o.points} pt${o.points === 1 ? '' : 's'}`}</span>
      </span>
      {o.progress.map(([side, p, req], si) => (
        <SideBar key={side} side={si as 0 | 1} sideName={side} value={p} max={req} label={`${side} progress on ${o.name}`} text={`${p}/${req}`} />
      ))}
      {o.strength.map(([side, n], si) => (
        <SideBar key={side} side={si as 0 | 1} sideName={side} value={n} max={most} label={`${side} standing at ${o.name}`} text={`${n}`} />
      ))}
      <span className="tr-objective-held">{held}</span>
    </li>
  );
}

/** Props of {@link AreaCard}. */
export interface AreaCardProps {
  area: AreaView;
  style?: CSSProperties;
  actors?: ReadonlySet<MemberKey>;
  odds?: ReadonlyMap<MemberKey, () => AttackOdds[]>;
  lost?: ReadonlyMap<MemberKey, number> | null;
}

/** One Area card of the map. */
export function AreaCard({ area, style, actors, odds, lost }: AreaCardProps) {
  const links = area.links === null ? 'Leads to any Area' : area.links.length === 0 ? 'Leads nowhere' : `Leads to ${area.links.join(', ')}`;
  return (
    <section className={area.contested ? 'tr-area contested' : 'tr-area'} aria-label={`Area ${area.name}`} style={style} data-area={area.id}>
      <header className="tr-area-head">
        <h4>{area.name}</h4>
        {area.contested && (
          <span className="tr-contested">
            <Swords size={13} aria-hidden="true" /> contested
          </span>
        )}
      </header>
      <p className="tr-links">{links}</p>
      {area.members.length > 0 ? (
        <ul className="tr-tokens" aria-label={`Members in ${area.name}`}>
          {area.members.map((m) => (
            <MemberToken key={m.key} m={m} canAct={actors?.has(m.key) ?? false} lost={lost?.get(m.key) ?? 0} odds={odds?.get(m.key)} />
          ))}
        </ul>
      ) : (
        <p className="tr-empty">Nobody here</p>
      )}
      {area.objectives.length > 0 && (
        <ul className="tr-objectives" aria-label={`Objectives in ${area.name}`}>
          {area.objectives.map((o) => (
            <ObjectiveItem key={o.id} o={o} />
          ))}
        </ul>
      )}
    </section>
  );
}
