import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { areaMap } from '../../../../src/shared/area-map';
import { applyAction, createBattle, currentDecision } from '../../../../src/shared/engine';
import type { BattleState } from '../../../../src/shared/engine';
import { battlePairOdds } from '../../../../src/shared/engine/analysis';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import type { ScenarioDoc } from '../../../../src/shared/model/types';
import { Board, cardPlacement, mapColumns } from '../../../../src/renderer/src/testrun/Board';
import { boardOf } from '../../../../src/renderer/src/testrun/board-model';
import type { MemberView } from '../../../../src/renderer/src/testrun/board-model';
import { attackOdds } from '../../../../src/renderer/src/testrun/board-odds';
import { boardChoices, mapAreasOf } from '../../../../src/renderer/src/testrun/board-play';
import { ClashPanel } from '../../../../src/renderer/src/testrun/ClashPanel';
import type { ClashView } from '../../../../src/renderer/src/testrun/clash-view';
import { turnChoices } from '../../../../src/renderer/src/testrun/decision-model';
import { eventSide } from '../../../../src/renderer/src/testrun/event-side';
import { memberState, tokenName } from '../../../../src/renderer/src/testrun/MemberToken';
import { mkSetup } from '../../shared/engine/helpers';

const setup = () =>
  mkSetup({
    a: [
      { id: 'c', die: 'd6', health: 2, captain: true },
      { id: 'x', die: 'd8' },
    ],
    b: [{ id: 'boss', die: 'd20', health: 3 }],
    areas: [
      { id: 'field', links: ['hill'] },
      { id: 'hill', links: [] },
    ],
    objectives: [
      { id: 'flag', name: 'Flag', area: 'hill', kind: 'interact', progress: 2, points: 1 },
      { id: 'ground', name: 'Ground', area: 'field', kind: 'control', points: 1 },
    ],
  });

const turnOf = (s: BattleState, side: string): BattleState => {
  let cur = s;
  while (currentDecision(cur)?.side !== side) {
    const r = applyAction(cur, turnChoices(cur)!.holds[0]!.action);
    if (!r.ok) throw new Error(r.error.message);
    cur = r.value.state;
  }
  return cur;
};

const member = (over: Partial<MemberView> = {}): MemberView => ({
  key: 'a:c',
  name: 'Warden-7',
  side: 'The Choir',
  sideIndex: 0,
  die: 'd10',
  sides: 10,
  health: 2,
  maxHealth: 3,
  maxRoll: 8,
  captain: true,
  activated: false,
  lastStand: false,
  incapacitated: false,
  fled: false,
  ...over,
});

describe('the board map in the Play view (issue 17, item 4)', () => {
  it('each token’s accessible name says die, Health, max roll, Captain and state', () => {
    expect(tokenName(member())).toBe('Warden-7 of The Choir: d10, Health 2 of 3, max roll 8, Captain, ready');
    expect(tokenName(member({ activated: true, captain: false }), false)).toBe('Warden-7 of The Choir: d10, Health 2 of 3, max roll 8, activated');
    expect(memberState(member({ lastStand: true, health: 0 }))).toBe('Last Stand, ready');
    expect(memberState(member({ incapacitated: true }))).toBe('incapacitated');
    expect(memberState(member({ fled: true }))).toBe('fled');
    expect(tokenName(member(), true)).toMatch(/, can act now$/);
  });

  it('renders Areas as labelled regions on their grid cells, tokens with die icons, pips and states, objectives with bars per side', () => {
    const s = createBattle(setup(), 1);
    const board = boardOf(s);
    const map = areaMap(mapAreasOf(s.setup, null));
    const html = renderToStaticMarkup(<Board board={board} map={map} />);
    expect(html).toContain('aria-label="Area field"');
    expect(html).toContain('aria-label="Area hill"');
    expect(html).toMatch(/aria-label="Area field"[^>]*style="grid-column:1;grid-row:1"/);
    expect(html).toMatch(/aria-label="Area hill"[^>]*style="grid-column:2;grid-row:1"/);
    expect(html).toContain('aria-label="c of Side A: d6, Health 2 of 2, max roll 6, Captain, ready"');
    expect(html).toContain('data-die="d20"');
    expect(html).toContain('class="tr-token side-1 is-ready"');
    // Two pips full for c (2/2); "Health 2/2" is in the text for those who read it.
    expect(html).toContain('Health </span>2/2');
    expect(html).toContain('Leads to hill');
    expect(html).toContain('Leads nowhere');
    // The interact objective has a bar per side; the control one a strength bar per side.
    expect(html).toContain('aria-label="Side A progress on Flag"');
    expect(html).toContain('aria-label="Side B progress on Flag"');
    expect(html).toContain('aria-label="Side A standing at Ground"');
    expect(html).toContain('role="meter"');
    expect(html).toContain('one-way link');
    expect(html).toContain('Round 1 of 6');
  });

  it('the crowded Area’s column is wider; an empty one keeps one token’s width', () => {
    const s = createBattle(setup(), 1);
    const cols = mapColumns(boardOf(s), areaMap(mapAreasOf(s.setup, null)));
    expect(cols).toBe('minmax(14rem, 1.00fr) minmax(14rem, 1.00fr)');
    const crowd = { ...boardOf(s) };
    crowd.areas = crowd.areas.map((a, i) => (i === 0 ? { ...a, members: Array.from({ length: 9 }, () => a.members[0]!) } : a));
    expect(mapColumns(crowd, areaMap(mapAreasOf(s.setup, null)))).toBe('minmax(14rem, 3.00fr) minmax(14rem, 1.00fr)');
  });

  it('a card alone in its column spans the rows below it, so a crowded Area leaves no gap under its neighbours', () => {
    const map = areaMap([
      { id: 'gate', name: 'Gate', links: ['floor'] },
      { id: 'floor', name: 'Floor', links: ['gate', 'sluice', 'vault'] },
      { id: 'sluice', name: 'Sluice', links: ['floor'] },
      { id: 'vault', name: 'Vault', links: ['floor'] },
    ]);
    expect(map.rows).toBe(2);
    const placed = cardPlacement(map);
    expect(placed.get('gate')).toEqual({ gridColumn: 1, gridRow: '1 / span 2' });
    expect(placed.get('floor')).toEqual({ gridColumn: 2, gridRow: '1 / span 2' });
    expect(placed.get('sluice')).toEqual({ gridColumn: 3, gridRow: '1' });
    expect(placed.get('vault')).toEqual({ gridColumn: 3, gridRow: '2' });
  });

  it('layout hints come from the setup, else from the scenario document in the workspace', () => {
    const s = createBattle(setup(), 1);
    const model = emptyWorkspaceModel();
    model.scenarios.set('test', {
      kind: 'scenario',
      id: 'test',
      areas: [
        { id: 'field', name: 'Field', layout: { x: 500, y: 800 } },
        { id: 'hill', name: 'Hill', layout: { x: 500, y: 100 } },
      ],
    } as unknown as ScenarioDoc);
    const areas = mapAreasOf(s.setup, model);
    expect(areas.map((a) => a.layout)).toEqual([
      { x: 500, y: 800 },
      { x: 500, y: 100 },
    ]);
    // The hill is above the field, as the hints say.
    const map = areaMap(areas);
    expect(map.hinted).toBe(true);
    expect(map.cells).toEqual([
      { id: 'field', col: 0, row: 1 },
      { id: 'hill', col: 0, row: 0 },
    ]);
    // A hint carried by the setup itself wins over the document's; a broken hint is ignored.
    const carried = { ...s.setup, areas: s.setup.areas.map((a, i) => (i === 0 ? { ...a, layout: { x: 1, y: 2 } } : { ...a, layout: 'x' })) };
    expect(mapAreasOf(carried, model).map((a) => a.layout)).toEqual([{ x: 1, y: 2 }, { x: 500, y: 100 }]);
    expect(mapAreasOf(s.setup, null).every((a) => a.layout === undefined)).toBe(true);
  });

  it('at the user’s turn the members that can act are highlighted and each target shows the exact pair odds', () => {
    const s = turnOf(createBattle(setup(), 1), 'a');
    const { actors, odds } = boardChoices(s);
    expect([...actors].sort()).toEqual(['a:c', 'a:x']);
    expect([...odds.keys()]).toEqual(['b:boss']);
    const lines = odds.get('b:boss')!();
    expect(lines.map((l) => l.attacker).sort()).toEqual(['a:c', 'a:x']);
    for (const l of lines) {
      expect(l.kind).toBe('defended');
      // The same exact odds as the engine's for that pair.
      expect(l.odds).toEqual(battlePairOdds(s, [l.attacker], 'b:boss', 'single'));
    }
    const html = renderToStaticMarkup(<Board board={boardOf(s)} map={areaMap(mapAreasOf(s.setup, null))} actors={actors} odds={odds} />);
    expect(html).toContain('aria-label="Odds against boss"');
    expect(html).toMatch(/class="tr-token-item can-act"[^>]*aria-label="c of Side A[^"]*can act now"/);
  });

  it('an activated target must absorb: the odds say so instead of a roll (R3.2, R4.4)', () => {
    let s = turnOf(createBattle(setup(), 1), 'a');
    // a holds with x; then b's boss holds (activated); then a attacks.
    s = (applyAction(s, { type: 'hold', side: 'a', member: 'a:x' }) as { ok: true; value: { state: BattleState } }).value.state;
    s = (applyAction(s, { type: 'hold', side: 'b', member: 'b:boss' }) as { ok: true; value: { state: BattleState } }).value.state;
    const [line] = attackOdds(s, 'a', [{ key: 'a:c', name: 'c' }], 'b:boss');
    expect(line).toMatchObject({ kind: 'absorbed', odds: null });
    expect(line!.absorbNote).toMatch(/absorbs: the attack hits/);
  });

  it('log lines carry their side: the member’s or the named side’s, none for the whole battle', () => {
    const st = mkSetup({ a: [{ id: 'c', die: 'd6' }], b: [{ id: 'd', die: 'd6' }] });
    expect(eventSide({ type: 'moved', member: 'b:d', from: 'field', to: 'field' }, st)).toBe(1);
    expect(eventSide({ type: 'clashDeclared', side: 'a', attacks: [], swarms: [] }, st)).toBe(0);
    expect(eventSide({ type: 'pairResolved', attackers: ['b:d'], target: 'a:c', defender: null, attackerResult: 1, defenderResult: null, outcome: 'attacker' }, st)).toBe(1);
    expect(eventSide({ type: 'roundStarted', round: 1 }, st)).toBeNull();
    expect(eventSide({ type: 'scored', side: 'zz', points: 1, objective: null, total: 1 }, st)).toBeNull();
  });
});

describe('the Clash panel (issue 17, item 5)', () => {
  const clash: ClashView = {
    start: 3,
    last: 9,
    complete: true,
    side: 0,
    sideName: 'The Choir',
    round: 2,
    attacks: ['Warden-7 → Brute'],
    pairs: [
      {
        attackers: [{ key: 'a:w', name: 'Warden-7', sideIndex: 0, dice: [{ die: 'd10', raw: 9, cap: 8, modifiers: 1, final: 9, capped: true, kept: true, reroll: false, text: 'Warden-7 (d10, max 8) rolls 9 → 8 +1 = 9.' }] }],
        group: null,
        target: { key: 'b:b', name: 'Brute', sideIndex: 1 },
        defender: { key: 'b:b', name: 'Brute', sideIndex: 1, dice: [{ die: 'd6', raw: 4, cap: 6, modifiers: 0, final: 4, capped: false, kept: true, reroll: false, text: 'Brute (d6, max 6) rolls 4.' }] },
        attackerResult: 9,
        defenderResult: 4,
        outcome: 'attacker',
        winner: 'attacker',
        lines: ['Warden-7 (d10, max 8) rolls 9 → 8 +1 = 9.', 'Brute (d6, max 6) rolls 4.', 'Warden-7 9 vs Brute 4: Warden-7 wins.'],
      },
    ],
    hits: [{ key: 'b:b', name: 'Brute', sideIndex: 1, amount: 1, armor: 0, before: 2, health: 1, maxHealth: 2, lastStand: false, incapacitated: false, fled: false }],
    notes: [],
  };
  const render = (animating: boolean, waiting = 0) =>
    renderToStaticMarkup(<ClashPanel clash={clash} animating={animating} animationKey={animating ? '3:1' : null} waiting={waiting} onEnd={() => undefined} onSkip={() => undefined} />);

  it('shows each die with its raw value, max roll cut and modifier, the result, the winner and the damage', () => {
    const html = render(false);
    expect(html).toContain('aria-label="Clash"');
    expect(html).toContain('aria-label="Warden-7 (d10, max 8) rolls 9 → 8 +1 = 9. Brute (d6, max 6) rolls 4. Warden-7 9 vs Brute 4: Warden-7 wins."');
    expect(html).toContain('max 8');
    expect(html).toContain('+1');
    expect(html).toContain('= 9');
    expect(html).toContain('tr-roller side-0 won');
    expect(html).toContain('wins');
    expect(html).toContain('−1');
    expect(html).toContain('Health 1/2');
  });

  it('animated: marked for the CSS animation, with a Skip button and the pips being lost; still: neither', () => {
    const on = render(true, 1);
    expect(on).toContain('tr-clash-view is-animating');
    expect(on).toContain('Skip animation');
    expect(on).toContain('tr-pip lost-now');
    expect(on).toContain('tr-clash-timer');
    expect(on).toContain('1 more Clash to show');
    const off = render(false);
    expect(off).not.toContain('is-animating');
    expect(off).not.toContain('Skip animation');
    expect(off).not.toContain('lost-now');
    expect(off).not.toContain('tr-clash-timer');
  });

  it('with no Clash this round it says so', () => {
    const html = renderToStaticMarkup(<ClashPanel clash={null} animating={false} animationKey={null} waiting={0} onEnd={() => undefined} onSkip={() => undefined} />);
    expect(html).toContain('No Clash yet this round.');
  });
});
