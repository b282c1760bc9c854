/**
 * `mortisphere campaign status|record|forecast` (issue 10): the dispatcher and the loader every
 * subcommand shares. A campaign whose files have errors is refused with its diagnostics (exit 1);
 * an unknown campaign or a bad argument is a usage error (exit 2).
 */
import type { DocumentTexts } from '../../shared/api';
import { campaignFiles } from '../../shared/campaign/files';
import type { CampaignDoc } from '../../shared/model/types';
import type { WorkspaceModel } from '../../shared/model/workspace';
import { idFromArg, modelOf, readWorkspaceDocuments } from '../../main/services/sim-setup';
import { EXIT, defaultIo, printDiagnostics } from './cli-common';
import type { CliIo } from './cli-common';

const USAGE = [
  'usage: mortisphere campaign status CAMPAIGN [--workspace DIR] [--json]',
  '       mortisphere campaign record CAMPAIGN --log FILE [--date YYYY-MM-DD] [--text T] [--dry-run] [--workspace DIR]',
  '       mortisphere campaign record CAMPAIGN --scenario S --winner a|b|draw --points A,B [--crews A,B] [--aftermath crew/member=ROLL,...] [--fled crew/member,...] [--date YYYY-MM-DD] [--text T] [--dry-run] [--workspace DIR]',
  '       mortisphere campaign forecast CAMPAIGN --runs K [--ai P,P] [--seed S] [--workers N] [--json] [--workspace DIR]',
].join('\n');

/** A campaign loaded for a subcommand. */
export interface LoadedCampaign {
  dir: string;
  documents: DocumentTexts;
  model: WorkspaceModel;
  campaign: CampaignDoc;
}

/** Reads the workspace and the campaign named by `arg` (an id or a file); prints why not and returns the exit code. */
export async function loadCampaign(command: string, arg: string, workspace: string | undefined, io: CliIo): Promise<{ ok: true; value: LoadedCampaign } | { ok: false; exit: number }> {
  const dir = workspace ?? '.';
  const read = await readWorkspaceDocuments(dir);
  if (!read.ok) {
    io.err(`${command}: ${read.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  const documents = read.value;
  const id = await idFromArg(dir, documents, arg, 'campaign');
  if (!id.ok) {
    io.err(`${command}: ${id.error.message}`);
    return { ok: false, exit: EXIT.usage };
  }
  const { model, diagnostics } = modelOf(documents);
  const campaign = model.campaigns.get(id.value);
  if (!campaign) {
    const ids = [...model.campaigns.keys()].sort();
    const broken = diagnostics.filter((d) => d.severity === 'error' && /(^|\/)campaigns?\//.test(d.file));
    printDiagnostics(io, broken);
    io.err(`${command}: campaign '${id.value}' does not exist${broken.length ? ' (or its file has errors, above)' : ''}; valid campaigns: ${ids.length ? ids.join(', ') : '(none)'}`);
    return { ok: false, exit: broken.length ? EXIT.invalid : EXIT.usage };
  }
  const used = new Set(campaignFiles(model, campaign));
  const errors = diagnostics.filter((d) => d.severity === 'error' && used.has(d.file));
  if (errors.length > 0) {
    printDiagnostics(io, errors);
    io.err(`${command}: campaign '${campaign.id}' has ${errors.length} error(s) in its files (above); fix them first`);
    return { ok: false, exit: EXIT.invalid };
  }
  return { ok: true, value: { dir, documents, model, campaign } };
}

/** `mortisphere campaign SUBCOMMAND …`. */
export async function campaignCommand(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  switch (sub) {
    case 'status':
      return (await import('./campaign-status')).campaignStatusCommand(rest, io);
    case 'record':
      return (await import('./campaign-record')).campaignRecordCommand(rest, io);
    case 'forecast':
      return (await import('./campaign-forecast')).campaignForecastCommand(rest, io);
    default:
      io.err(`campaign: ${sub === undefined ? 'give a subcommand' : `unknown subcommand '${sub}'`}: status, record or forecast\n${USAGE}`);
      return EXIT.usage;
  }
}
