/** `mortisphere campaign status CAMPAIGN [--workspace DIR] [--json]`: standings, ledger, rosters and the next battle. */
import { campaignStatus } from '../../shared/campaign/status';
import type { CampaignStatus } from '../../shared/campaign/status';
import { EXIT, defaultIo, parseCommand } from './cli-common';
import type { CliIo } from './cli-common';
import { loadCampaign } from './campaign';

const USAGE = 'usage: mortisphere campaign status CAMPAIGN [--workspace DIR] [--json]';

const pad = (s: string | number, n: number): string => String(s).padEnd(n);
const num = (s: string | number, n: number): string => String(s).padStart(n);

/** The readable text of a campaign's status. */
export function formatStatus(s: CampaignStatus): string {
  const lines = [`${s.name} (${s.id})`, `crews: ${s.crews.map((c) => c.name).join(', ')}`, '', 'standings:'];
  const w = Math.max(4, ...s.standings.map((r) => r.name.length));
  lines.push(`  ${pad('#', 3)}${pad('crew', w + 2)}${num('played', 7)}${num('won', 5)}${num('drawn', 7)}${num('lost', 6)}${num('for', 6)}${num('against', 9)}`);
  for (const r of s.standings) lines.push(`  ${pad(r.rank, 3)}${pad(r.name, w + 2)}${num(r.battles, 7)}${num(r.wins, 5)}${num(r.draws, 7)}${num(r.losses, 6)}${num(r.pointsFor, 6)}${num(r.pointsAgainst, 9)}`);
  lines.push('', 'ledger:');
  if (s.ledger.length === 0) lines.push('  no battle recorded yet');
  for (const b of s.ledger) {
    const score = b.sides.map((x) => `${x.name} ${x.points}`).join(' – ');
    lines.push(`  #${b.index + 1} ${b.date} ${b.scenarioName}: ${score}; ${b.result}${b.seed === null ? ' (played at the table)' : `, seed ${b.seed}`}`);
    for (const a of b.aftermath) lines.push(`      ${a.name}${a.by ? ` (taken down by ${a.by})` : ''}: aftermath roll ${a.roll}, ${a.outcome}`);
    for (const f of b.fled) lines.push(`      ${f.name}: fled`);
  }
  lines.push('', 'rosters:');
  for (const r of s.rosters) {
    lines.push(`  ${r.name}${r.captainDead ? ' — its Captain is dead: name a living member Captain' : ''}`);
    for (const m of r.members) {
      const health = m.startHealth !== null && m.startHealth !== m.health ? `Health ${m.health} (was ${m.startHealth})` : `Health ${m.health}`;
      const status = m.dead ? 'dead' : m.injuries > 0 ? `injured ${m.injuries}×` : 'active';
      const adv = m.nextDie ? `; may advance ${m.die} → ${m.nextDie}` : '';
      lines.push(`    ${pad(m.name + (m.captain ? ' (Captain)' : ''), 28)}${pad(m.die, 5)}${pad(health, 22)}${pad(status, 13)}${m.victories} victories${adv}`);
    }
  }
  lines.push('');
  if (s.next === null) lines.push('next battle: none — every planned scenario has been played');
  else {
    lines.push(`next battle: ${s.next.scenarioName} — ${s.next.sides.map((x) => `${x.side}: ${x.name}`).join(', ')}${s.next.problem ? ` (${s.next.problem})` : ''}`);
    for (const l of s.later) lines.push(`then: ${l.scenarioName} — ${l.sides.map((x) => `${x.side}: ${x.name}`).join(', ')}`);
  }
  return lines.join('\n');
}

/** Prints the campaign's status; exit 1 when its files have errors (diagnostics printed), 2 for a usage error. */
export async function campaignStatusCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const parsed = parseCommand('campaign status', USAGE, argv, { workspace: { type: 'string' }, json: { type: 'boolean' } }, io);
  if (parsed.exit !== null) return parsed.exit;
  if (parsed.positionals.length !== 1) {
    io.err(`campaign status: give exactly one CAMPAIGN (an id or a file)\n${USAGE}`);
    return EXIT.usage;
  }
  const loaded = await loadCampaign('campaign status', parsed.positionals[0]!, parsed.values.workspace, io);
  if (!loaded.ok) return loaded.exit;
  const status = campaignStatus(loaded.value.model, loaded.value.campaign);
  io.out(parsed.values.json ? JSON.stringify(status) : formatStatus(status));
  return EXIT.ok;
}
