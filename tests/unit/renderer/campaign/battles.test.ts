import { describe, expect, it } from 'vitest';
import { nextBattlePlay, recordOfPlayed, replayPlay } from '../../../../src/renderer/src/campaign/battles';
import { campaignStatus } from '../../../../src/shared/campaign';
import { sessionFromDecisions } from '../../../../src/renderer/src/testrun/play-session';
import { validateFiles } from '../../../../src/shared/validation';
import { EXAMPLE_DIR, readWorkspaceFiles } from '../../resources/workspace-files';

const files = readWorkspaceFiles(EXAMPLE_DIR);
const example = () => validateFiles(files).model;
const PATH = 'campaigns/ashen-reach.yaml';

describe('campaign battles in Play (issue 10)', () => {
  it('item 2: the next battle with two bots is played out from its seed, as `mortisphere play` plays it, and its record names the bots', () => {
    const model = example();
    const campaign = model.campaigns.get('ashen-reach')!;
    const next = campaignStatus(model, campaign).next!;
    const play = nextBattlePlay(model, campaign, PATH, next, ['greedy', 'greedy'], 77);
    if (!play.ok) throw new Error(play.error.message);
    expect(play.value.choice).toMatchObject({ scenario: 'glass-temple', crews: ['lantern-pilgrims', 'iron-choir'], seed: 77, players: ['greedy', 'greedy'] });
    const opened = play.value.opened!;
    const session = sessionFromDecisions(opened.setup, opened.seed, opened.decisions);
    if (!session.ok) throw new Error(session.error.message);
    expect(session.value.state.phase).toBe('ended');
    const played = { campaignPath: PATH, campaignId: 'ashen-reach', setup: opened.setup, state: session.value.state, events: session.value.events, decisions: opened.decisions, seed: 77, players: ['greedy', 'greedy'] as ['greedy', 'greedy'] };
    const record = recordOfPlayed(played, '2026-11-28', ' A note ');
    expect(record).toMatchObject({ scenario: 'glass-temple', seed: 77, ai: { a: 'greedy', b: 'greedy' }, text: 'A note', date: '2026-11-28' });
    // A battle that was not played by the bots from its seed alone is recorded without them.
    expect(recordOfPlayed({ ...played, decisions: opened.decisions.slice(0, -1) }, '2026-11-28', '').ai).toBeUndefined();
    expect(recordOfPlayed({ ...played, players: ['me', 'greedy'] }, '2026-11-28', '').ai).toBeUndefined();
    // A person playing: Play starts the battle fresh.
    const human = nextBattlePlay(model, campaign, PATH, next, ['me', 'greedy'], 77);
    expect(human.ok && human.value.opened).toBeNull();
  });

  it('item 5: a recorded battle replays with the crews as they stood (rebuilt from history) and says it ends as recorded', () => {
    const model = example();
    const campaign = model.campaigns.get('ashen-reach')!;
    const first = replayPlay(model, campaign, PATH, 0);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.exact).toBe(true);
    expect(first.value.message).toContain('The crews changed since battle #1');
    expect(first.value.message).toContain('It ends exactly as recorded.');
    // Weeping Bloom had 2 Health that day (its injury came from this very battle).
    const bloom = first.value.play.opened!.setup.sides[1].members.find((m) => m.id === 'weeping-bloom')!;
    expect(bloom.maxHealth).toBe(2);
    const s = sessionFromDecisions(first.value.play.opened!.setup, 23200, first.value.play.opened!.decisions);
    expect(s.ok && s.value.state.result).toMatchObject({ winner: 'a', points: { a: 6, b: 2 } });
  });

  it('item 5: says when a replay cannot be exact (a change its history does not account for), and refuses a tabletop battle', () => {
    const edited = files.map((f) => (f.path === 'crews/rot-saints.yaml' ? { ...f, text: f.text.replace(/(id: weeping-bloom[\s\S]*?health:) 1/, '$1 3') } : f));
    const model = validateFiles(edited).model;
    const campaign = model.campaigns.get('ashen-reach')!;
    const r = replayPlay(model, campaign, PATH, 0);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.exact).toBe(false);
    expect(r.value.message).toContain('cannot be rebuilt exactly');
    expect(r.value.message).toContain('Weeping Bloom: max Health is 3');
    const tabletop = { ...campaign, battles: [{ ...campaign.battles![0]!, seed: undefined }] };
    const no = replayPlay(model, tabletop, PATH, 0);
    expect(!no.ok && no.error.code).toBe('campaign/no-seed');
  });
});
