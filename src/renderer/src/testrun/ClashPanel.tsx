/**
 * The Clash as it resolves (issue 17, item 5): each pair's dice with their raw value, the max roll
 * that cut them and their modifiers (as the log says), the results, the winner marked, and the
 * damage with the pips it took. Animated briefly when the cursor moves onto it — the dice roll,
 * settle on their values, the winner is marked, the pips empty — unless the user prefers reduced
 * motion; Skip ends the animation at once. Each pair's accessible name is its log lines.
 */
import { useRef } from 'react';
import type { AnimationEvent } from 'react';
import { Button } from 'react-aria-components';
import { ShieldHalf, SkipForward, Swords, Trophy } from 'lucide-react';
import type { ClashView, DieView, PairView, RollerView } from './clash-view';
import { DieIcon } from './DieIcon';
import { Pips } from './MemberToken';
import { SideMark } from './SideMark';

/** The CSS animation whose end ends the Clash animation (it runs for the whole of it). */
export const CLASH_TIMER_ANIMATION = 'tr-clash-timer';

const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);

function Die({ d }: { d: DieView }) {
  const sides = Number(d.die.slice(1));
  return (
    <span className={`tr-roll${d.kept ? '' : ' discarded'}${d.reroll ? ' reroll' : ''}`}>
      <span className="tr-roll-face">
        <DieIcon sides={sides} label={String(d.raw)} size={40} />
      </span>
      <span className="tr-roll-math">
        <span className="tr-roll-die">{d.die}</span>
        {d.capped && <span className="tr-roll-cap">{`max ${d.cap}`}</span>}
        {d.modifiers !== 0 && <span className="tr-roll-mod">{signed(d.modifiers)}</span>}
        {(d.capped || d.modifiers !== 0) && <span className="tr-roll-final">{`= ${d.final}`}</span>}
        {d.reroll && <span className="tr-roll-note">reroll</span>}
        {!d.kept && <span className="tr-roll-note">discarded</span>}
      </span>
    </span>
  );
}

function Roller({
  r,
  result,
  won,
  note,
}: {
  r: RollerView;
  result: number | null;
  won: boolean;
  note?: string;
}) {
  return (
    <span className={`tr-roller side-${r.sideIndex}${won ? ' won' : ''}`}>
      <span className="tr-roller-name">
        <SideMark side={r.sideIndex} />
        {r.name}
      </span>
      <span className="tr-roller-dice">
        {r.dice.map((d, i) => (
          <Die key={i} d={d} />
        ))}
      </span>
      {result !== null && <span className="tr-roller-result">{result}</span>}
      {note && <span className="tr-roller-note">{note}</span>}
      {won && (
        <span className="tr-winner">
          <Trophy size={14} aria-hidden="true" /> wins
        </span>
      )}
    </span>
  );
}

function Pair({ p }: { p: PairView }) {
  const attackers: RollerView =
    p.attackers.length === 1
      ? p.attackers[0]!
      : {
          key: p.attackers.map((a) => a.key).join('+'),
          name: p.attackers.map((a) => a.name).join(' + '),
          sideIndex: p.attackers[0]!.sideIndex,
          dice: p.attackers.flatMap((a) => a.dice),
        };
  const outcome =
    p.winner === 'both'
      ? 'tie: both are hurt'
      : p.outcome === 'standoff'
        ? 'standoff'
        : p.outcome === 'miss'
          ? 'no hit'
          : p.outcome === 'skipped'
            ? 'skipped'
            : null;
  return (
    <li className="tr-pair" aria-label={p.lines.join(' ')}>
      <span className="tr-duel" aria-hidden="true">
        <Roller
          r={attackers}
          result={p.outcome === 'skipped' ? null : p.attackerResult}
          won={p.winner === 'attacker' || p.winner === 'both'}
        />
        <span className="tr-vs">vs</span>
        {p.defender ? (
          <Roller
            r={p.defender}
            result={p.defenderResult}
            won={p.winner === 'defender' || p.winner === 'both'}
          />
        ) : (
          <span className={`tr-roller side-${p.target.sideIndex} absorbs`}>
            <span className="tr-roller-name">
              <SideMark side={p.target.sideIndex} />
              {p.target.name}
            </span>
            <span className="tr-absorbs">
              <ShieldHalf size={16} aria-hidden="true" /> absorbs
            </span>
          </span>
        )}
        {outcome && <span className="tr-outcome">{outcome}</span>}
      </span>
    </li>
  );
}

/** Props of {@link ClashPanel}. */
export interface ClashPanelProps {
  clash: ClashView | null;
  animating: boolean;
  /** Changes for each new animation. */
  animationKey: string | null;
  /** Clashes still to be animated after this one. */
  waiting: number;
  /** The animation ended by itself. */
  onEnd: () => void;
  /** The user skipped the animations. */
  onSkip: () => void;
}

/** The latest Clash of the round at the cursor, or a note that there is none yet. */
export function ClashPanel({ clash, animating, animationKey, waiting, onEnd, onSkip }: ClashPanelProps) {
  const panel = useRef<HTMLElement | null>(null);
  const skip = (): void => {
    // The Skip button goes away: keep the keyboard focus in the panel.
    panel.current?.focus();
    onSkip();
  };
  const ended = (e: AnimationEvent): void => {
    if (e.animationName !== CLASH_TIMER_ANIMATION) return;
    if (panel.current?.contains(document.activeElement) && waiting === 0) panel.current.focus();
    onEnd();
  };
  if (clash === null)
    return (
      <section className="tr-clash-view empty" aria-label="Clash" data-animating="false">
        <p className="tr-muted-note">No Clash yet this round.</p>
      </section>
    );
  const unrolled = clash.pairs.length === 0;
  return (
    <section
      ref={panel}
      tabIndex={-1}
      className={`tr-clash-view${animating ? ' is-animating' : ''}`}
      aria-label="Clash"
      data-animating={animating ? 'true' : 'false'}
    >
      <header className="tr-clash-head">
        <h4>
          <Swords size={15} aria-hidden="true" /> <SideMark side={clash.side} />
          {`Round ${clash.round}: ${clash.sideName} attacks ${clash.attacks.join('; ')}`}
        </h4>
        {animating && (
          <span className="tr-clash-controls">
            {waiting > 0 && (
              <span className="tr-muted-note">{`${waiting} more Clash${waiting === 1 ? '' : 'es'} to show`}</span>
            )}
            <Button className="tr-skip" onPress={skip}>
              <SkipForward size={14} aria-hidden="true" /> Skip animation
            </Button>
          </span>
        )}
      </header>
      <div key={animating ? (animationKey ?? 'on') : 'still'} className="tr-clash-body">
        {animating && <span className="tr-clash-timer" aria-hidden="true" onAnimationEnd={ended} />}
        {unrolled ? (
          <p className="tr-muted-note">
            {clash.complete ? 'No pair was rolled.' : 'Waiting for the response: no die rolled yet.'}
          </p>
        ) : (
          <ol className="tr-pairs" aria-label="Pairs">
            {clash.pairs.map((p, i) => (
              <Pair key={i} p={p} />
            ))}
          </ol>
        )}
        {clash.hits.length > 0 && (
          <ul className="tr-hits" aria-label="Damage">
            {clash.hits.map((h) => (
              <li key={h.key} className={`tr-hit side-${h.sideIndex}`}>
                <SideMark side={h.sideIndex} />
                <span className="tr-hit-name">{h.name}</span>
                <span className="tr-hit-amount">{h.amount > 0 ? `−${h.amount}` : 'no damage'}</span>
                {h.armor > 0 && <span className="tr-hit-armor">{`armor ${h.armor}`}</span>}
                <Pips
                  health={h.health}
                  max={h.maxHealth}
                  lost={animating ? Math.max(0, h.before - h.health) : 0}
                />
                <span>{`Health ${h.health}/${h.maxHealth}`}</span>
                {h.lastStand && !h.incapacitated && <span className="tr-hit-state">Last Stand</span>}
                {h.incapacitated && <span className="tr-hit-state">incapacitated</span>}
                {h.fled && <span className="tr-hit-state">fled</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
