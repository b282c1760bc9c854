import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import type { CrewDoc, ScenarioDoc } from '../../../../src/shared/model/types';
import { SetupForm } from '../../../../src/renderer/src/testrun/SetupForm';
import type { SetupChoice } from '../../../../src/renderer/src/testrun/setup-choice';

const crew = (id: string, dice: string[]): CrewDoc =>
  ({
    kind: 'crew',
    schemaVersion: 1,
    id,
    name: id.toUpperCase(),
    members: dice.map((die, i) => ({ id: `${id}${i}`, name: `${id} ${i}`, type: 'brute', die, health: 1 })),
  }) as CrewDoc;

function model() {
  const m = emptyWorkspaceModel();
  m.crews.set('rats', crew('rats', ['d6', 'd8']));
  m.crews.set('saints', crew('saints', ['d20', 'd12']));
  m.scenarios.set('s', {
    kind: 'scenario',
    schemaVersion: 1,
    id: 's',
    name: 'Sluice',
    areas: [],
    sides: [
      { name: 'Rats', crew: 'rats' },
      { name: 'Saints', crew: 'saints' },
    ],
    crewValueLimit: 30,
  } as unknown as ScenarioDoc);
  return m;
}

const choice: SetupChoice = { scenario: 's', crews: ['', ''], ruleset: '', players: ['me', 'greedy'], seed: 7 };
const render = (players = true): string =>
  renderToStaticMarkup(<SetupForm model={model()} choice={choice} onChange={() => {}} players={players} />);
/** The markup of each side card, in order. */
const cardsOf = (html: string): string[] => html.split('<div class="tr-side-card').slice(1);

describe('SetupForm (issue 17, item 3: side A and side B as two cards)', () => {
  it('puts each side in its own card with its crew, its player and its crew value (R1.2)', () => {
    const [a, b, more] = cardsOf(render());
    expect(more).toBeUndefined();
    expect(a).toContain('role="group" aria-label="Side A (Rats)"');
    expect(b).toContain('role="group" aria-label="Side B (Saints)"');
    // Each select is the app's Picker (react-aria Select): its visible label names its button.
    const label = (name: string) => new RegExp(`<span class="picker-label" id="([^"]+)">${name}</span><button[^>]*aria-labelledby="[^"]* \\1"`);
    expect(a).toMatch(label('Crew of side A'));
    expect(a).toMatch(label('Player of side A'));
    expect(b).toMatch(label('Crew of side B'));
    expect(b).toMatch(label('Player of side B'));
    // The empty choice shows as the scenario's default crew.
    expect(a).toMatch(/class="picker-value"[^>]*>Scenario default \(RATS\)</);
    // Rats: d6 + d8 = 14 of 30; Saints: d20 + d12 = 32, over the limit.
    expect(a).toContain('<p class="tr-side-value">Crew value 14 of 30</p>');
    expect(b).toContain('<p class="tr-side-value over">Crew value 32 of 30 (over the limit)</p>');
  });

  it('keeps the shared choices before the cards, every control named, labels above their control', () => {
    const html = render();
    const common = html.slice(html.indexOf('tr-setup-common'), html.indexOf('tr-sides'));
    for (const name of ['Scenario', 'Ruleset']) expect(common).toMatch(new RegExp(`<span class="picker-label" id="([^"]+)">${name}</span><button[^>]*aria-labelledby="[^"]* \\1"`));
    expect(common).toMatch(/class="picker-value"[^>]*>Sluice</);
    expect(common).toMatch(/class="picker-value"[^>]*>Workspace ruleset \(core\)</);
    // The seed is a react-aria TextField: label above, then the input and its New seed button.
    expect(common).toMatch(/<label class="tr-field-label" id="[^"]+" for="([^"]+)">Seed<\/label><span class="tr-input-row"><input [^>]*id="\1"[^>]*value="7"/);
    expect(common).not.toContain('<select aria-label');
    expect(common).toContain('New seed');
  });

  it('hides the player selects when asked (Compare and Odds have their own)', () => {
    const html = render(false);
    expect(html).not.toContain('Player of side');
    expect(cardsOf(html)).toHaveLength(2);
  });
});
