import { describe, expect, it } from 'vitest';
import { createBattle } from '../../../../../src/shared/engine';
import { applyCode } from '../../../../../src/shared/engine/apply';
import { ACT, ActionBuffer, argC, decodeAction, kindOf } from '../../../../../src/shared/engine/action-codes';
import { compile } from '../../../../../src/shared/engine/compiled';
import { greedyPolicy } from '../../../../../src/shared/engine/bots';
import { forgetGreedyDecisions } from '../../../../../src/shared/engine/bots/greedy';
import { createBotRng } from '../../../../../src/shared/engine/sim/seed';
import { EXAMPLE_SCENARIOS, exampleSetup } from './example-setups';

describe('greedy reads the Swarms the enumeration recorded (R6.1)', () => {
  it('R6.1 asks the buffer to record Swarms only for its own decision, and plays as decide does', () => {
    let variants = 0;
    for (const scenario of EXAMPLE_SCENARIOS) {
      const setup = exampleSetup(scenario);
      const c = compile(setup);
      for (const seed of [1, 2]) {
        const state = createBattle(setup, seed);
        const viaChoose = greedyPolicy();
        const viaDecide = greedyPolicy();
        const rngA = createBotRng(seed);
        const rngB = createBotRng(seed);
        const buf = new ActionBuffer();
        while (state.phase !== 'ended') {
          const expected = JSON.stringify(viaDecide.decide(state, rngB));
          // The state was just decided: forgotten, so that this decision enumerates and scores its codes.
          forgetGreedyDecisions();
          const code = viaChoose.choose!(state, rngA, buf);
          expect(buf.recordSwarms).toBe(false);
          expect(buf.swarmsRecorded).toBe(true);
          for (let i = 0; i < buf.count; i++) if (argC(buf.codes[i]!) === 1 && kindOf(buf.codes[i]!) !== ACT.respond) variants++;
          expect(JSON.stringify(decodeAction(state, c, code, buf))).toBe(expected);
          applyCode(state, code, buf, null);
        }
      }
    }
    expect(variants).toBeGreaterThan(0);
  });
});
