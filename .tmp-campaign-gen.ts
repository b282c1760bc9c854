import { readWorkspaceFiles, EXAMPLE_DIR } from './tests/unit/resources/workspace-files';
import { validateFiles } from './src/shared/validation';
import { buildSetup, rollAftermath } from './src/shared/engine';
import { getPolicies } from './src/shared/engine/bots';
import { playBattle } from './src/shared/engine/sim/runner';
import { playBotSeed } from './src/shared/engine/sim/seed';

const [scenario, wantWinner, ...fix] = process.argv.slice(2);
const files = readWorkspaceFiles(EXAMPLE_DIR).map((f) => {
  let text = f.text;
  for (const m of fix) {
    const i = text.indexOf(`  - id: ${m}\n`);
    if (i >= 0) { const j = text.indexOf('health: 1', i); text = text.slice(0, j) + 'health: 2' + text.slice(j + 9); }
  }
  return { ...f, text };
});
const v = validateFiles(files);
const setup = buildSetup(v.model, { scenario });
if (!setup.ok) throw new Error(setup.error.message);
let found = 0;
for (let seed = 1000; seed < 60000 && found < 6; seed += 37) {
  const bots = getPolicies(['greedy', 'greedy']);
  if (!bots.ok) throw new Error('bots');
  const p = playBattle(setup.value, bots.value, seed, playBotSeed(seed));
  if (!p.ok) throw new Error(p.error.message);
  const res = p.value.state.result!;
  const after = rollAftermath(p.value.state);
  if (res.winner !== wantWinner) continue;
  if (after.some((a) => a.outcome === 'dead')) continue;
  if (!after.some((a) => a.outcome === 'injury')) continue;
  if (after.length < 2 || after.length > 4) continue;
  found++;
  console.log(seed, JSON.stringify(res), JSON.stringify(after.map((a) => [a.member, a.roll, a.outcome, a.maxHealth])));
}
