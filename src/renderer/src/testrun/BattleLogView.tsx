import { useEffect, useRef } from 'react';

/** Props of {@link BattleLogView}. */
export interface BattleLogProps {
  lines: string[];
  onRewind: (eventIndex: number) => void;
  disabled?: boolean;
}

/** The readable battle log; every entry has a "Rewind to here" button (time travel). */
export function BattleLogView({ lines, onRewind, disabled }: BattleLogProps) {
  const end = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lines.length]);
  return (
    <ol className="tr-log" aria-label="Battle log">
      {lines.map((line, i) => (
        <li key={i} ref={i === lines.length - 1 ? end : undefined}>
          <span className="tr-log-text">{line}</span>{' '}
          <button
            type="button"
            className="tr-rewind"
            disabled={disabled}
            onClick={() => onRewind(i)}
            title={`Rewind to event ${i + 1}`}
          >
            Rewind to here
          </button>
        </li>
      ))}
    </ol>
  );
}
