import { Button } from 'react-aria-components';
import { AlertTriangle, CheckCircle2, Swords } from 'lucide-react';
import type { BalanceWarning, Evidence } from '../../../shared/engine/analysis';

/** Props of {@link BalanceList}. */
export interface BalanceListProps {
  warnings: BalanceWarning[];
  /** Opens a battle of the batch in Play; absent to show the battle without a button. */
  onOpen?: (battle: { run: number; seed: number }) => void;
}

const p = (x: number): string => `${(x * 100).toFixed(1)}%`;
const pts = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}`;

/** "62.4% (95% interval 60.3–64.5%, 2,000 battles)", or a difference in points. */
export function evidenceText(e: Evidence): string {
  const battles = `${String(e.battles).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} battles`;
  return e.difference
    ? `${e.label}: ${pts(e.value)} points (95% interval ${pts(e.ci95[0])} to ${pts(e.ci95[1])}, ${battles})`
    : `${e.label}: ${p(e.value)} (95% interval ${p(e.ci95[0])}–${p(e.ci95[1])}, ${battles})`;
}

/** The balance warnings of a batch, each with its evidence and a battle that shows it (issue 11, item 3). */
export function BalanceList({ warnings, onOpen }: BalanceListProps) {
  if (warnings.length === 0)
    return (
      <p className="tr-no-warnings" role="status">
        <CheckCircle2 aria-hidden="true" size={14} /> No balance warnings.
      </p>
    );
  return (
    <ul aria-label="Balance warnings" className="tr-warnings">
      {warnings.map((w) => (
        <li key={`${w.code}:${w.subject}`} className="tr-warning">
          <p className="tr-warning-text">
            <AlertTriangle aria-hidden="true" size={14} className="tr-warning-icon" /> {w.message}
          </p>
          <ul aria-label="Evidence" className="tr-evidence">
            {w.evidence.map((e) => (
              <li key={e.label}>{evidenceText(e)}</li>
            ))}
          </ul>
          {w.battle && onOpen && (
            <Button className="tr-link-button" onPress={() => onOpen(w.battle!)}>
              <Swords aria-hidden="true" size={14} /> {`Open a battle that shows it (run ${w.battle.run + 1}: ${w.battle.why})`}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
