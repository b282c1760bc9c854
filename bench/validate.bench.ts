/**
 * Validation benchmark (DESIGN.md "Tests and benchmarks"): a generated 500-document workspace,
 * validated from scratch, then re-validated after a one-file edit. Reported, never asserted.
 * Goals: full < 1 s, one edit < 30 ms.
 */
import { WorkspaceValidator, validateFiles } from '../src/shared/validation';

const DICE = ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'];

/** A workspace of `n` documents: libraries, crew types, crews, scenarios, rulesets, campaigns. */
export function generateWorkspace(n = 500): { path: string; text: string }[] {
  const files: { path: string; text: string }[] = [{ path: 'mortisphere.yaml', text: 'kind: workspace\nschemaVersion: 1\nname: Bench\nruleset: core\n' }];
  const libs = 20;
  const types = 30;
  const scenarios = 100;
  const rulesets = 10;
  const campaigns = 10;
  const crews = n - 1 - libs * 2 - types - scenarios - rulesets - campaigns;
  for (let l = 0; l < libs; l++) {
    const abilities = Array.from({ length: 10 }, (_, i) => `  - id: ab-${l}-${i}\n    name: Ability ${l}.${i}\n    effects:\n      - {rollModifier: 1, when: {role: attacker}}\n`).join('');
    files.push({ path: `libraries/abilities-${l}.yaml`, text: `kind: abilities\nschemaVersion: 1\nabilities:\n${abilities}` });
    const items = Array.from({ length: 10 }, (_, i) => `  - {id: eq-${l}-${i}, name: Item ${l}.${i}, cost: ${i % 3}, tags: [ancient, biological], effects: [{damage: 2}]}\n`).join('');
    files.push({ path: `libraries/equipment-${l}.yaml`, text: `kind: equipment\nschemaVersion: 1\nitems:\n${items}` });
  }
  for (let t = 0; t < types; t++) {
    files.push({ path: `types/type-${t}.yaml`, text: `kind: crewType\nschemaVersion: 1\nid: type-${t}\nname: Type ${t}\nbase: mycelian\ndice: [d4, d6, d8]\nhealth: {min: 1, max: 3}\nabilities: [ab-${t % libs}-0]\nequipmentTags: [biological]\nmaxPerCrew: 6\n` });
  }
  for (let c = 0; c < crews; c++) {
    const members = Array.from({ length: 6 }, (_, i) => {
      const homebrew = i % 2 === 1;
      return [
        `  - id: m-${i}`,
        `    name: Member ${i}`,
        `    type: ${homebrew ? `type-${(c + i) % types}` : 'machine'}`,
        `    die: ${homebrew ? DICE[i % 3] : DICE[(c + i) % 6]}`,
        `    health: ${1 + (i % 3)}`,
        ...(i === 0 ? ['    captain: true'] : []),
        `    abilities: [ab-${(c + i) % libs}-${i}]`,
        `    equipment: [eq-${(c + i) % libs}-${i}]`,
        '',
      ].join('\n');
    }).join('');
    files.push({ path: `crews/crew-${c}.yaml`, text: `kind: crew\nschemaVersion: 1\nid: crew-${c}\nname: Crew ${c}\nmembers:\n${members}` });
  }
  for (let s = 0; s < scenarios; s++) {
    files.push({
      path: `scenarios/scenario-${s}.yaml`,
      text: `kind: scenario\nschemaVersion: 1\nid: scenario-${s}\nname: Scenario ${s}\nareas:\n  - {id: floor, name: Floor, tags: [industrial]}\n  - {id: gate, name: Gate, links: [floor]}\n  - {id: tower, name: Tower, links: [gate]}\nsides:\n  - {id: a, name: A, deploy: gate, crew: crew-${s % crews}}\n  - {id: b, name: B, deploy: floor, crew: crew-${(s + 1) % crews}, deployMembers: {m-1: tower}}\nobjectives:\n  - {id: core, name: Core, area: floor, kind: interact, progress: 2, points: 3}\n  - {id: hold, name: Hold, area: gate, kind: control, points: 1}\ncrewValueLimit: 80\n${s % 3 === 0 ? `ruleset: rules-${s % rulesets}\n` : ''}`,
    });
  }
  for (let r = 0; r < rulesets; r++) {
    files.push({ path: `rulesets/rules-${r}.yaml`, text: `kind: ruleset\nschemaVersion: 1\nid: rules-${r}\nextends: ${r === 0 ? 'core' : `rules-${r - 1}`}\nclash: {tie: defender}\n` });
  }
  for (let k = 0; k < campaigns; k++) {
    files.push({ path: `campaigns/campaign-${k}.yaml`, text: `kind: campaign\nschemaVersion: 1\nid: campaign-${k}\nname: Campaign ${k}\ncrews: [crew-${k}, crew-${k + 1}]\nscenarios: [scenario-${k}, scenario-${k + 1}]\nbattles:\n  - {scenario: scenario-${k}, date: 2026-11-29, seed: ${k}, sides: {a: crew-${k}, b: crew-${k + 1}}, winner: a, points: {a: 3, b: 1}}\n` });
  }
  return files;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall time and this process's CPU time (user + system) of `f`, in ms; CPU time is steadier on a busy machine. */
function time(f: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  f();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/** Prints the full-validation and one-edit medians for the generated workspace. */
export async function run(): Promise<void> {
  const files = generateWorkspace(500);
  const full: { wall: number; cpu: number }[] = [];
  let problems = 0;
  for (let i = 0; i < 5; i++) full.push(time(() => (problems = validateFiles(files).diagnostics.length)));
  const v = new WorkspaceValidator();
  for (const f of files) v.setFile(f.path, f.text);
  v.diagnostics();
  const crew = files.find((f) => f.path === 'crews/crew-7.yaml')!;
  const edits: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 21; i++) {
    edits.push(
      time(() => {
        v.setFile(crew.path, crew.text.replace('name: Crew 7', `name: Crew 7 (edit ${i})`));
        v.diagnostics();
      }),
    );
  }
  const show = (xs: { wall: number; cpu: number }[], digits: number) =>
    `median ${median(xs.map((x) => x.wall)).toFixed(digits)} ms wall, ${median(xs.map((x) => x.cpu)).toFixed(digits)} ms CPU`;
  console.log(`validate: ${files.length} documents, ${problems} diagnostics`);
  console.log(`validate: full validation ${show(full, 1)} (goal < 1000 ms, ${full.length} runs)`);
  console.log(`validate: re-validation after one edit ${show(edits, 2)} (goal < 30 ms, ${edits.length} runs)`);
}

// Run directly (`npx tsx bench/validate.bench.ts`): not when bundled into out/bench.mjs.
const isMain = import.meta.url === `file://${process.argv[1]}` && import.meta.url.endsWith('.ts');
if (isMain) await run();
