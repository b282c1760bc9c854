import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BalanceList, evidenceText } from '../../../../src/renderer/src/testrun/BalanceList';

describe('balance warnings in the panel (issue 11, items 3 and 4)', () => {
  it('"No balance warnings." is a plain status, not a warning list', () => {
    const html = renderToStaticMarkup(<BalanceList warnings={[]} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('class="tr-no-warnings"');
    expect(html).toContain('No balance warnings.');
    expect(html).not.toContain('Balance warnings"');
    expect(html).not.toContain('tr-warning');
  });

  it('each warning shows its message, its evidence with intervals, and a battle to open', () => {
    const html = renderToStaticMarkup(
      <BalanceList
        onOpen={() => undefined}
        warnings={[
          {
            code: 'one-sided',
            subject: 'b',
            message: "side 'The Saints' wins 93.7% of 300 battles",
            evidence: [{ label: 'The Saints wins', value: 0.937, ci95: [0.903, 0.959], battles: 300 }],
            battle: { run: 4, seed: 99, why: "the commonest kind of battle 'The Saints' won" },
          },
        ]}
      />,
    );
    expect(html).toContain('aria-label="Balance warnings"');
    expect(html).toContain('The Saints wins: 93.7% (95% interval 90.3%–95.9%, 300 battles)');
    expect(html).toContain('Open a battle that shows it (run 5:');
  });

  it('a difference is given in points with its interval', () => {
    expect(evidenceText({ label: 'swing', value: 0.667, ci95: [0.62, 0.71], battles: 2000, difference: true })).toBe(
      'swing: +66.7 points (95% interval +62.0 to +71.0, 2,000 battles)',
    );
  });
});
