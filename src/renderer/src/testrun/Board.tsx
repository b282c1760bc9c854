/**
 * The Play board as a map (issue 17, item 4): the round and points, then the Areas as cards on a
 * grid laid out by the scenario's layout hints or automatically (`areaMap`), with their links drawn
 * between them — arrows for one-way links. Shows the state at the timeline cursor (`boardAt`).
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { AreaMap, Rect, Segment } from '../../../shared/area-map';
import { linkSegment } from '../../../shared/area-map';
import type { MemberKey } from '../../../shared/engine';
import { AreaCard } from './AreaCard';
import type { AttackOdds } from './board-odds';
import type { BoardView } from './board-model';
import { SideMark } from './SideMark';
import './board.css';

/** Props of {@link Board}. */
export interface BoardProps {
  board: BoardView;
  map: AreaMap;
  /** Members the user may act with now (highlighted). */
  actors?: ReadonlySet<MemberKey>;
  /** Targets of the user's turn, with the odds of each possible attacker against them. */
  odds?: ReadonlyMap<MemberKey, () => AttackOdds[]>;
  /** Pips emptying as a Clash resolves (only while it is animated). */
  lost?: ReadonlyMap<MemberKey, number> | null;
  /** Shown between the score and the map (the Clash panel). */
  children?: ReactNode;
}

/**
 * Grid columns: each as wide as its most crowded Area needs (about three tokens a row for ten
 * members), never narrower than one token.
 */
export function mapColumns(board: BoardView, map: AreaMap): string {
  const crowd = Array.from({ length: map.cols }, () => 0);
  const members = new Map(board.areas.map((a) => [a.id, a.members.length]));
  for (const c of map.cells) crowd[c.col] = Math.max(crowd[c.col]!, members.get(c.id) ?? 0);
  return crowd.map((n) => `minmax(14rem, ${Math.min(3, Math.max(1, n / 3)).toFixed(2)}fr)`).join(' ');
}

/**
 * The grid placement of each Area card: its cell, and a card alone in its column spans the rows
 * below it too, so a tall card (a crowded Area) does not push the next row of other columns down
 * and leave a gap under their first card.
 */
export function cardPlacement(map: AreaMap): Map<string, { gridColumn: number; gridRow: string }> {
  const inColumn = Array.from({ length: map.cols }, () => 0);
  for (const c of map.cells) inColumn[c.col] = inColumn[c.col]! + 1;
  return new Map(
    map.cells.map((c) => [
      c.id,
      { gridColumn: c.col + 1, gridRow: inColumn[c.col] === 1 && map.rows - c.row > 1 ? `${c.row + 1} / span ${map.rows - c.row}` : `${c.row + 1}` },
    ]),
  );
}

type Line = Segment & { id: string; both: boolean };

const sameLines = (a: Line[], b: Line[]): boolean =>
  a.length === b.length && a.every((l, i) => {
    const m = b[i]!;
    return l.id === m.id && Math.abs(l.x1 - m.x1) + Math.abs(l.y1 - m.y1) + Math.abs(l.x2 - m.x2) + Math.abs(l.y2 - m.y2) < 0.5;
  });

/**
 * The link lines between the cards as laid out now: measured when the map changes and whenever
 * the map or a card changes size (a member moving in or out), never on every render, so moving
 * the cursor forces no extra layout.
 */
function useLinkLines(map: AreaMap, areas: readonly string[]) {
  const box = useRef<HTMLDivElement | null>(null);
  const [lines, setLines] = useState<Line[]>([]);
  const measure = useCallback(() => {
    const el = box.current;
    if (!el) return;
    const rects = new Map<string, Rect>();
    for (const n of el.querySelectorAll<HTMLElement>('[data-area]'))
      rects.set(n.dataset.area!, { x: n.offsetLeft, y: n.offsetTop, width: n.offsetWidth, height: n.offsetHeight });
    const next = map.edges.flatMap((e): Line[] => {
      const [a, b] = [rects.get(e.from), rects.get(e.to)];
      const s = a && b ? linkSegment(a, b, 3) : null;
      return s ? [{ ...s, id: `${e.from}>${e.to}`, both: e.both }] : [];
    });
    setLines((prev) => (sameLines(prev, next) ? prev : next));
  }, [map]);
  const cards = areas.join('\n');
  useLayoutEffect(measure, [measure, cards]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => measure());
    ro.observe(el);
    for (const n of el.querySelectorAll('[data-area]')) ro.observe(n);
    return () => ro.disconnect();
  }, [measure, cards]);
  return { box, lines };
}

/** The Area board at the cursor. */
export function Board({ board, map, actors, odds, lost, children }: BoardProps) {
  const { box, lines } = useLinkLines(map, board.areas.map((a) => a.id));
  const arrow = `tr-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const cell = cardPlacement(map);
  const oneWay = map.edges.some((e) => !e.both);
  return (
    <div className="tr-board">
      <p className="tr-score" role="status">
        {`Round ${board.round} of ${board.rounds}`}
        {board.points.map(([side, pts], si) => (
          <span key={side} className={`tr-score-side side-${si}`}>
            {' · '}
            <SideMark side={si as 0 | 1} />
            {`${side} ${pts}`}
          </span>
        ))}
      </p>
      <p className="tr-map-legend">
        {map.edges.length === 0
          ? 'A move may go to any Area.'
          : `Lines are the links a move follows${oneWay ? '; an arrow is a one-way link' : ''}.`}
        {odds && odds.size > 0 && ' A crosshair marks an enemy you can attack: hover over it or focus it for the exact odds.'}
      </p>
      {children}
      <div className="tr-map-scroll">
        <div className="tr-map" ref={box} style={{ gridTemplateColumns: mapColumns(board, map) }}>
          <svg className="tr-map-links" aria-hidden="true" focusable="false">
            <defs>
              <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
                <path d="M0 0 10 5 0 10Z" />
              </marker>
            </defs>
            {lines.map((l) => (
              <line key={l.id} x1={l.x1} y1={l.y1} x2={l.x2} y2={l.y2} data-link={l.id} data-one-way={l.both ? undefined : 'true'} markerEnd={l.both ? undefined : `url(#${arrow})`} />
            ))}
          </svg>
          {board.areas.map((a) => {
            const c = cell.get(a.id);
            return (
              <AreaCard
                key={a.id}
                area={a}
                style={c}
                actors={actors}
                odds={odds}
                lost={lost}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
