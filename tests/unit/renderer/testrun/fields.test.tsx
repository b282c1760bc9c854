import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { emptyWorkspaceModel } from '../../../../src/shared/model/workspace';
import { NONE_ID, TextInput, fromPickerId, rulesetItems, toPickerId } from '../../../../src/renderer/src/testrun/fields';

describe('Test run fields (issue 17, item 2: react-aria controls)', () => {
  it('maps the empty choice to a Picker id and back (react-aria keys must not be empty)', () => {
    expect(toPickerId('')).toBe(NONE_ID);
    expect(fromPickerId(NONE_ID)).toBe('');
    expect(fromPickerId(toPickerId('grim-reach'))).toBe('grim-reach');
  });

  it('offers the workspace ruleset, core, then each ruleset document once', () => {
    const m = emptyWorkspaceModel();
    const items = rulesetItems(m, [
      { id: 'core', name: 'core' },
      { id: 'grim', name: 'Grim Reach' },
    ]);
    expect(items).toEqual([
      { id: NONE_ID, label: 'Workspace ruleset (core)' },
      { id: 'core', label: 'core (built-in)' },
      { id: 'grim', label: 'Grim Reach' },
    ]);
  });

  it('renders a TextField with its label above the input, its unit after it, and marks it invalid', () => {
    const html = renderToStaticMarkup(<TextInput label="Max runs" value="abc" onChange={() => {}} suffix="runs" isInvalid inputMode="numeric" />);
    expect(html).toMatch(/<label class="tr-field-label" id="[^"]+" for="([^"]+)">Max runs<\/label><span class="tr-input-row"><input [^>]*id="\1"/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('<span class="tr-input-unit">runs</span>');
  });

  it('keeps native number semantics when asked (min, max and step reach the input)', () => {
    const html = renderToStaticMarkup(<TextInput label="Attacker lost Health" type="number" min={0} max={20} step={1} value="1" onChange={() => {}} isDisabled />);
    expect(html).toMatch(/<input [^>]*type="number"/);
    for (const attr of ['min="0"', 'max="20"', 'step="1"']) expect(html).toContain(attr);
    expect(html).toContain('disabled=""');
  });
});
