/**
 * `mortisphere campaign record CAMPAIGN …` (issue 10): records a battle into the campaign and the
 * crews that fought it, exactly as the app does (the same recording plan), written as one change,
 * all files or none. From a `play --log` battle log (replayed on the crews as they are now, the
 * aftermath rolled from the battle's PRNG) or typed in for a tabletop game. `--dry-run` prints the
 * diff and writes nothing.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { planRecord, recordFromBattle, recordFromTabletop, remainingBattles, sideIdsOf, unifiedDiff } from '../../shared/campaign';
import type { FileEdit } from '../../shared/campaign';
import { buildSetup, replayBattle } from '../../shared/engine';
import { getPolicies } from '../../shared/engine/bots';
import { playBattle } from '../../shared/engine/sim/runner';
import { playBotSeed } from '../../shared/engine/sim/seed';
import type { CampaignBattle } from '../../shared/model/types';
import { sha256 } from '../../main/services/hash';
import { writeTransaction } from '../../main/services/write-transaction';
import { EXIT, defaultIo, intArg, pairArg, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { loadCampaign } from './campaign';
import type { LoadedCampaign } from './campaign';
import { readBattleLog } from '../../shared/engine/battle-log';

const USAGE = [
  'usage: mortisphere campaign record CAMPAIGN --log FILE [--date YYYY-MM-DD] [--text T] [--dry-run] [--workspace DIR]',
  '       mortisphere campaign record CAMPAIGN --scenario S --winner a|b|draw --points A,B [--crews A,B] [--aftermath crew/member=ROLL,...] [--fled crew/member,...] [--date YYYY-MM-DD] [--text T] [--dry-run] [--workspace DIR]',
].join('\n');

/** Today in local time, YYYY-MM-DD. */
export const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

type Built = { ok: true; battle: CampaignBattle } | { ok: false; exit: number };

/** The record of a `play --log` battle, replayed on the crews as they are now. */
async function fromLog(file: string, loaded: LoadedCampaign, date: string, text: string | undefined, io: CliIo): Promise<Built> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    io.err(`campaign record: cannot read the battle log '${file}': ${(e as Error).message}; pass a file written by 'mortisphere play --log'`);
    return { ok: false, exit: EXIT.usage };
  }
  const read = readBattleLog(data);
  if (!read.ok) {
    io.err(`campaign record: ${file}: ${read.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  const log = read.value;
  // The battle is replayed on the crews as they stand in the files now (their injuries are what
  // the aftermath changes); a self-contained log that no longer replays on them is refused below.
  const setup = buildSetup(loaded.model, { scenario: log.scenario, crews: log.crews, ruleset: log.ruleset });
  if (!setup.ok) {
    io.err(`campaign record: ${file}: the battle cannot be set up in this workspace: ${setup.error.message}`);
    return { ok: false, exit: EXIT.invalid };
  }
  const replayed = replayBattle(setup.value, log.seed, log.decisions);
  if (!replayed.ok) {
    io.err(`campaign record: ${file}: ${replayed.error.message}. The crews changed since it was played (an injury or a death recorded since?): record battles in the order they were played`);
    return { ok: false, exit: EXIT.invalid };
  }
  if (replayed.value.state.phase !== 'ended') {
    io.err(`campaign record: ${file}: the log stops before the battle ends (${log.decisions.length} decisions); play it to the end, then record it`);
    return { ok: false, exit: EXIT.invalid };
  }
  // A log that names its bots is recorded with them when they replay it blow for blow.
  const named = log.ai;
  let ai: [string, string] | undefined;
  if (named) {
    const bots = getPolicies([named[0], named[1]]);
    const again = bots.ok ? playBattle(setup.value, bots.value, log.seed, playBotSeed(log.seed)) : null;
    if (again?.ok && JSON.stringify(again.value.decisions) === JSON.stringify(log.decisions)) ai = [named[0], named[1]];
  }
  return { ok: true, battle: recordFromBattle(replayed.value.state, replayed.value.events, { date, text, ai }) };
}

/** The record of a tabletop game typed on the command line. */
function fromArgs(v: Record<string, string | boolean | undefined>, loaded: LoadedCampaign, date: string, io: CliIo): Built {
  const usage = (what: string): Built => {
    io.err(`campaign record: ${what}\n${USAGE}`);
    return { ok: false, exit: EXIT.usage };
  };
  const scenario = v.scenario as string | undefined;
  if (scenario === undefined) return usage('give --log FILE (a battle the engine played) or --scenario S --winner a|b|draw --points A,B (a tabletop game)');
  const sc = loaded.model.scenarios.get(scenario);
  if (!sc) return usage(`scenario '${scenario}' does not exist; valid scenarios: ${[...loaded.model.scenarios.keys()].sort().join(', ')}`);
  const sideIds = sc.sides.map((s) => s.id);
  let crews: [string, string] | null;
  if (v.crews !== undefined) {
    crews = pairArg(v.crews as string);
    if (crews === null) return usage(`--crews '${String(v.crews)}' must be two crew ids separated by a comma`);
  } else {
    const planned = remainingBattles(loaded.model, loaded.campaign).find((p) => p.scenario === scenario);
    crews = planned ? planned.crews : null;
    if (crews === null || crews.includes('')) return usage(`'${scenario}' is not among the campaign's remaining planned battles; name the crews with --crews A,B`);
  }
  const winnerArg = v.winner as string | undefined;
  if (winnerArg === undefined || (winnerArg !== 'draw' && !sideIds.includes(winnerArg))) return usage(`--winner must be ${sideIds.join(', ')} or draw`);
  const points = pairArg(v.points as string | undefined);
  const pts = points?.map((p) => intArg(p, 0, 1_000_000));
  if (!pts || pts.some((p) => p === null)) return usage(`--points '${String(v.points ?? '')}' must be two whole numbers A,B (side ${sideIds.join(', then side ')})`);
  const rolls: { member: string; roll: number }[] = [];
  for (const item of ((v.aftermath as string | undefined) ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^([a-z0-9-]+\/[a-z0-9-]+)=(\d+)$/.exec(item);
    if (!m) return usage(`--aftermath '${item}' must be crew/member=ROLL, e.g. rot-saints/ash-mother=2`);
    rolls.push({ member: m[1]!, roll: Number(m[2]) });
  }
  const fled = ((v.fled as string | undefined) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const battle = recordFromTabletop(loaded.model, {
    scenario,
    date,
    sides: { [sideIds[0]!]: crews[0], [sideIds[1]!]: crews[1] },
    winner: winnerArg === 'draw' ? null : winnerArg,
    points: { [sideIds[0]!]: pts[0]!, [sideIds[1]!]: pts[1]! },
    rolls,
    fled,
    text: v.text as string | undefined,
  });
  return { ok: true, battle };
}

/** Writes the edits as one change; exit 1 (nothing written) on a conflict or a failed write. */
async function commit(dir: string, edits: readonly FileEdit[], io: CliIo): Promise<number> {
  const changes = [];
  for (const e of edits) {
    const abs = resolve(dir, e.path);
    let onDisk: Buffer;
    try {
      onDisk = await readFile(abs);
    } catch (x) {
      io.err(`campaign record: cannot read '${e.path}' again (${(x as Error).message}); nothing was written`);
      return EXIT.invalid;
    }
    if (onDisk.toString('utf8') !== e.before) {
      io.err(`campaign record: '${e.path}' changed on disk while the battle was being recorded; nothing was written — run the command again`);
      return EXIT.invalid;
    }
    changes.push({ abs, rel: e.path, text: e.after, expectedHash: sha256(onDisk) });
  }
  const done = await writeTransaction(changes);
  if (!done.ok) {
    io.err(`campaign record: ${done.error.message}`);
    return EXIT.invalid;
  }
  return EXIT.ok;
}

/** Records one battle; exit 0 recorded (or dry run), 1 refused or not written, 2 usage error. */
export async function campaignRecordCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('campaign record', USAGE, argv, {
    workspace: { type: 'string' },
    log: { type: 'string' },
    date: { type: 'string' },
    text: { type: 'string' },
    'dry-run': { type: 'boolean' },
    scenario: { type: 'string' },
    crews: { type: 'string' },
    winner: { type: 'string' },
    points: { type: 'string' },
    aftermath: { type: 'string' },
    fled: { type: 'string' },
  }, io);
  if (parsed.exit !== null) return parsed.exit;
  const v = parsed.values;
  if (parsed.positionals.length !== 1) {
    io.err(`campaign record: give exactly one CAMPAIGN (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  if (v.log !== undefined && (v.scenario ?? v.winner ?? v.points ?? v.aftermath ?? v.crews ?? v.fled) !== undefined) {
    io.err(`campaign record: --log records a battle the engine played; --scenario, --crews, --winner, --points, --aftermath and --fled describe a tabletop game — give one or the other\n${USAGE}`);
    return EXIT.usage;
  }
  const date = v.date ?? today();
  const loaded = await loadCampaign('campaign record', parsed.positionals[0]!, v.workspace, io);
  if (!loaded.ok) return loaded.exit;
  const built = v.log !== undefined ? await fromLog(v.log, loaded.value, date, v.text, io) : fromArgs(v, loaded.value, date, io);
  if (!built.ok) return built.exit;
  const { model, documents, campaign, dir } = loaded.value;
  const plan = planRecord(model, (p) => documents[p], campaign.id, built.battle);
  if (!plan.ok) {
    io.err(`campaign record: nothing was written:\n${plan.error.message}`);
    return EXIT.invalid;
  }
  if (v['dry-run']) {
    for (const e of plan.value.edits) io.out(unifiedDiff(e.path, e.before, e.after));
    return EXIT.ok;
  }
  const code = await commit(dir, plan.value.edits, io);
  if (code !== EXIT.ok) return code;
  const b = built.battle;
  const sides = sideIdsOf(model, b).map((s) => `${b.sides[s]} ${b.points[s] ?? 0}`).join(' – ');
  io.out(`recorded battle #${plan.value.battleIndex + 1} of '${campaign.id}': ${b.scenario}, ${b.date}: ${sides}, ${b.winner === null ? 'a draw' : `side ${b.winner} won`}`);
  for (const a of b.aftermath ?? []) io.out(`  ${a.member}: aftermath roll ${a.roll}, ${a.outcome}`);
  io.out(`wrote ${plan.value.edits.map((e) => e.path).join(', ')}`);
  return EXIT.ok;
}
