/** The next planned battle: scenario, the crews to field, who plays each side, and the button that opens it in Play. */
import { Dices, Swords } from 'lucide-react';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { NextBattle as Next } from '../../../shared/campaign';
import type { Player } from '../testrun/setup-choice';
import { parseSeed, seedFrom } from '../testrun/setup-choice';
import { Choice, Text } from './fields';

const PLAYER_OPTIONS: { id: Player; name: string }[] = [
  { id: 'me', name: 'me (a person)' },
  { id: 'greedy', name: 'greedy bot' },
  { id: 'mcts', name: 'mcts bot' },
  { id: 'random', name: 'random bot' },
];

/** Props of {@link NextBattlePanel}. */
export interface NextBattleProps {
  next: Next | null;
  later: Next[];
  onPlay: (players: [Player, Player], seed: number) => void;
}

/** The next battle and how to play it. */
export function NextBattlePanel({ next, later, onPlay }: NextBattleProps) {
  const [players, setPlayers] = useState<[Player, Player]>(['greedy', 'greedy']);
  const [seedText, setSeedText] = useState(() => String(seedFrom(Math.random())));
  const seed = parseSeed(seedText);
  if (next === null) return <p>Every planned scenario has been played: the season is over.</p>;
  return (
    <div className="cv-next">
      <p>
        <strong>{next.scenarioName}</strong>: {next.sides.map((s) => `${s.name} (side ${s.side})`).join(' against ')}
      </p>
      <ul className="cv-fielded">
        {next.sides.map((s) => (
          <li key={s.side}>
            {s.name} fields {s.fielded.length > 0 ? s.fielded.join(', ') : 'nobody'}
          </li>
        ))}
      </ul>
      {next.problem && (
        <p role="alert" className="cv-error">
          This battle cannot be played: {next.problem}.
        </p>
      )}
      <div className="cv-row">
        {next.sides.map((s, i) => (
          <Choice key={s.side} label={`Player of side ${s.side} (${s.name})`} value={players[i]!} options={PLAYER_OPTIONS} onChange={(p) => setPlayers(i === 0 ? [p, players[1]] : [players[0], p])} />
        ))}
        <Text label="Battle seed" value={seedText} onChange={setSeedText} error={seed === null ? 'A whole number 0..4294967295' : null} className="cv-seed" />
        <Button className="button-secondary" onPress={() => setSeedText(String(seedFrom(Math.random())))}>
          <Dices size={14} aria-hidden /> New seed
        </Button>
        <Button className="button-primary" isDisabled={!!next.problem || seed === null} onPress={() => seed !== null && onPlay(players, seed)}>
          <Swords size={14} aria-hidden /> Play next battle
        </Button>
      </div>
      {later.length > 0 && (
        <p className="muted">
          Then: {later.map((l) => `${l.scenarioName} (${l.sides.map((s) => s.name).join(' against ')})`).join('; ')}.
        </p>
      )}
    </div>
  );
}
