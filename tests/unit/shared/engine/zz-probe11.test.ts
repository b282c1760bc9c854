import { it } from 'vitest';
import { applyAction, createBattle, describeEvent } from '../../../../src/shared/engine';
import { clash, mkSetup, respond, scripted } from './helpers';
it('probe', () => {
  const setup = mkSetup({ a: [{ id: 'x1', die: 'd6', health: 2, effects: [{ damage: 2 }] }, { id: 'x2', die: 'd6', health: 2 }], b: [{ id: 'y', die: 'd8', health: 2 }, { id: 'z', die: 'd8' }], ruleset: { clash: { timing: 'simultaneous' } } });
  const d = scripted([6, 1, 2, 8, 1,1,1,1,1,1]);
  let s = createBattle(setup, 1, { dice: d });
  for (const a of [clash('a', [['x1', 'y'], ['x2', 'y']]), respond('b', { y: 'defend' })]) {
    const r = applyAction(s, a); if (!r.ok) { console.log(r.error.message); return; }
    s = r.value.state; for (const e of r.value.events) console.log(JSON.stringify(e));
  }
  console.log(d.asked);
});
