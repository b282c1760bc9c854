import { Button } from 'react-aria-components';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { Refusal } from './setup-choice';

/** Props of {@link RefusalView}. */
export interface RefusalProps {
  refusal: Refusal;
  openLocation: (file: string, line: number, column: number) => void;
}

/** A refused setup: the reason, and each blocking diagnostic as a button that opens its place. */
export function RefusalView({ refusal, openLocation }: RefusalProps) {
  return (
    <div className="tr-refusal" role="alert">
      <p>{refusal.message}</p>
      {refusal.diagnostics.length > 0 && (
        <ul aria-label="Errors in this setup">
          {refusal.diagnostics.map((d: Diagnostic, i) => (
            <li key={`${d.file}:${d.line}:${d.column}:${i}`}>
              <Button className="tr-link" onPress={() => openLocation(d.file, d.line, d.column)}>
                {`${d.file}:${d.line}:${d.column} ${d.code}: ${d.message}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
