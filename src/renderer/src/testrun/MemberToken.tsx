/**
 * A member on the board as a token (issue 17, item 4): its die as an icon with its size, Health as
 * pips, the current max roll, the Captain's crown, and its state — ready, activated, Last Stand,
 * incapacitated, fled — by outline shape, icon and colour as well as in words. The list item's
 * accessible name says all of it. A target of the user's turn carries a button that shows the
 * exact odds of each possible attacker against it on hover, keyboard focus or press.
 */
import { memo, useState } from 'react';
import { Button, Tooltip, TooltipTrigger, VisuallyHidden } from 'react-aria-components';
import { Check, Crosshair, Crown, DoorOpen, Flame, Skull, Zap } from 'lucide-react';
import type { PairOdds } from '../../../shared/engine/odds';
import { toFraction, toNumber } from '../../../shared/engine/odds';
import type { AttackOdds } from './board-odds';
import type { MemberView } from './board-model';
import { DieIcon } from './DieIcon';
import { SideMark } from './SideMark';

/** Health as pips: full ones for Health left; `lost` of the empty ones empty as you watch (a Clash resolving). */
export function Pips({ health, max, lost = 0 }: { health: number; max: number; lost?: number }) {
  return (
    <span className="tr-pips" aria-hidden="true">
      {Array.from({ length: max }, (_, i) => (
        <span key={i} className={i < health ? 'tr-pip full' : i < health + lost ? 'tr-pip lost-now' : 'tr-pip'} />
      ))}
    </span>
  );
}

/** The state of a member in words, as the board says it. */
export function memberState(m: MemberView): string {
  if (m.incapacitated) return 'incapacitated';
  if (m.fled) return 'fled';
  const act = m.activated ? 'activated' : 'ready';
  return m.lastStand ? `Last Stand, ${act}` : act;
}

/** The accessible name of a token: "Warden-7 of The Choir: d10, Health 3 of 3, max roll 10, Captain, ready". */
export function tokenName(m: MemberView, canAct = false): string {
  return `${m.name} of ${m.side}: ${m.die}, Health ${m.health} of ${m.maxHealth}, max roll ${m.maxRoll}${m.captain ? ', Captain' : ''}, ${memberState(m)}${canAct ? ', can act now' : ''}`;
}

/** The state as an icon and a short word (none for a ready member: its solid outline says it). */
function stateBadge(m: MemberView): { Icon: typeof Check; word: string } | null {
  if (m.incapacitated) return { Icon: Skull, word: 'out' };
  if (m.fled) return { Icon: DoorOpen, word: 'fled' };
  if (m.lastStand) return { Icon: Flame, word: m.activated ? 'Last Stand, acted' : 'Last Stand' };
  if (m.activated) return { Icon: Check, word: 'acted' };
  return null;
}

const pct = (o: PairOdds, k: keyof PairOdds): number => toNumber(o[k]) * 100;
const frac = (o: PairOdds, k: keyof PairOdds): string => `${toFraction(o[k])} (${pct(o, k).toFixed(1)}%)`;

/** Win / tie / loss as one bar in the two sides' colours. */
function OddsBar({ odds, attackerSide }: { odds: PairOdds; attackerSide: 0 | 1 }) {
  return (
    <span className="tr-odds-bar" aria-hidden="true">
      <span className={`tr-odds-win side-${attackerSide}`} style={{ width: `${pct(odds, 'attackerWins')}%` }} />
      <span className="tr-odds-tie" style={{ width: `${pct(odds, 'tie')}%` }} />
      <span className={`tr-odds-lose side-${attackerSide === 0 ? 1 : 0}`} style={{ width: `${pct(odds, 'defenderWins')}%` }} />
    </span>
  );
}

/** "A", "A or B", "A, B or C". */
const orList = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]!}`;

/** The odds of each attacker against `m`, in a tooltip. */
function OddsTip({ m, odds }: { m: MemberView; odds: () => AttackOdds[] }) {
  const [open, setOpen] = useState(false);
  const attackerSide = m.sideIndex === 0 ? 1 : 0;
  return (
    <TooltipTrigger delay={250} closeDelay={150} isOpen={open} onOpenChange={setOpen} shouldCloseOnPress={false}>
      <Button className="tr-token-hit" aria-label={`Odds against ${m.name}`} aria-expanded={open} onPress={() => setOpen(!open)} />
      <Tooltip className="tr-odds-tip" placement="bottom" offset={6}>
        {() => {
          const lines = odds();
          // A target that cannot defend (R3.2) shows one sentence instead of a table of the same note.
          if (lines.length > 0 && lines.every((l) => l.kind === 'absorbed'))
            return (
              <>
                <strong>{`If you attack ${m.name} now`}</strong>
                <p className="tr-muted-note">{`${m.name} ${m.activated ? 'has acted and ' : ''}cannot defend (R3.2). Attacked by ${orList(lines.map((l) => l.name))}, ${lines[0]!.absorbNote}.`}</p>
              </>
            );
          return (
            <>
              <strong>{`If you attack ${m.name} now`}</strong>
              <table className="tr-odds-table">
                <thead>
                  <tr>
                    <th scope="col">Attacker</th>
                    <th scope="col">wins</th>
                    <th scope="col">loses</th>
                    <th scope="col">tie</th>
                    <th scope="col">
                      <VisuallyHidden elementType="span">at a glance</VisuallyHidden>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.attacker}>
                      <th scope="row" className={`tr-odds-who side-${attackerSide}`}>
                        {l.name}
                      </th>
                      {l.kind === 'absorbed' || l.odds === null ? (
                        <td colSpan={4}>{l.kind === 'absorbed' ? l.absorbNote : 'odds unknown'}</td>
                      ) : (
                        <>
                          <td>{frac(l.odds, 'attackerWins')}</td>
                          <td>{frac(l.odds, 'defenderWins')}</td>
                          <td>{frac(l.odds, 'tie')}</td>
                          <td>
                            <OddsBar odds={l.odds} attackerSide={attackerSide} />
                          </td>
                        </>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
              {lines.some((l) => l.kind === 'defended') && <p className="tr-muted-note">{`If ${m.name} defends; it may absorb instead.`}</p>}
            </>
          );
        }}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** Props of {@link MemberToken}. */
export interface MemberTokenProps {
  m: MemberView;
  /** The user may act with this member now (highlighted). */
  canAct?: boolean;
  /** Pips emptying as a Clash resolves. */
  lost?: number;
  /** For a target of the user's turn: the odds of each attacker against it (computed when shown). */
  odds?: () => AttackOdds[];
}

const sameMember = (a: MemberView, b: MemberView): boolean =>
  (Object.keys(a) as (keyof MemberView)[]).every((k) => a[k] === b[k]);

/** One member on the board; not drawn again while nothing it shows changed (the cursor moves often). */
export const MemberToken = memo(
  MemberTokenView,
  (a, b) => sameMember(a.m, b.m) && a.canAct === b.canAct && a.lost === b.lost && a.odds === b.odds,
);

function MemberTokenView({ m, canAct = false, lost = 0, odds }: MemberTokenProps) {
  const state = m.incapacitated ? 'is-out' : m.fled ? 'is-fled' : m.lastStand ? 'is-last-stand' : m.activated ? 'is-activated' : 'is-ready';
  const capped = m.maxRoll < m.sides && !m.incapacitated && !m.fled;
  const badge = stateBadge(m);
  return (
    <li className={`tr-token-item${canAct ? ' can-act' : ''}${odds ? ' is-target' : ''}`} aria-label={tokenName(m, canAct)} data-member={m.key}>
      <div className={`tr-token side-${m.sideIndex} ${state}`} aria-hidden="true">
        <DieIcon sides={m.sides} className={`side-${m.sideIndex}`} />
        <span className="tr-token-name">
          <SideMark side={m.sideIndex} />
          <span className="tr-token-label">{m.name}</span>
          {m.captain && <Crown className="tr-captain" size={13} />}
          <span className="tr-token-icons">
            {canAct && <Zap className="tr-token-acts" size={14} />}
            {odds && <Crosshair className="tr-token-aim" size={14} />}
          </span>
        </span>
        <span className="tr-token-stats">
          <Pips health={m.health} max={m.maxHealth} lost={lost} />
          <span className="tr-token-hp">
            <VisuallyHidden elementType="span">Health </VisuallyHidden>
            {`${m.health}/${m.maxHealth}`}
          </span>
          <span className={capped ? 'tr-token-max capped' : 'tr-token-max'}>{`max ${m.maxRoll}`}</span>
          {badge && (
            <span className="tr-token-state">
              <badge.Icon className="tr-token-icon" size={13} />
              {badge.word}
            </span>
          )}
        </span>
      </div>
      {odds && <OddsTip m={m} odds={odds} />}
    </li>
  );
}
