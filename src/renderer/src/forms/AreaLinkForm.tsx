/** The keyboard way to edit an Area map's links: add a link (one way or both), remove any link. */
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components';
import type { ButtonProps } from 'react-aria-components';
import { useState } from 'react';
import { Check } from '../components/Check';
import { Picker } from '../components/Picker';
import { areaEdges, areaPositions } from '../../../shared/print/area-layout';

/** A secondary button with a tooltip that says more than its words. */
function TipButton({ tip, children, ...props }: Omit<ButtonProps, 'children' | 'className'> & { tip: string; children: string }) {
  return (
    <TooltipTrigger delay={400}>
      <Button className="button-secondary" {...props}>
        {children}
      </Button>
      <Tooltip className="tooltip" offset={6}>
        {tip}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** Adds and lists the links between a scenario's Areas, each removable. */
export function AreaLinkForm({ areas, onAdd, onRemove, onReset }: { areas: unknown; onAdd: (from: string, to: string, both: boolean) => void; onRemove: (links: { from: string; to: string }[]) => void; onReset: () => void }) {
  const placed = areaPositions(areas);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [both, setBoth] = useState(true);
  const name = (id: string): string => placed.find((p) => p.id === id)?.name ?? id;
  const edges = areaEdges(areas);
  const hinted = placed.some((p) => p.hinted);
  const known = (id: string): boolean => placed.some((p) => p.id === id);
  const a = known(from) ? from : (placed[0]?.id ?? '');
  const b = known(to) ? to : (placed.find((p) => p.id !== a)?.id ?? '');
  const items = placed.map((p) => ({ id: p.id, label: p.name }));
  const ends: [string, string, (id: string) => void][] = [
    ['From', a, setFrom],
    ['To', b, setTo],
  ];
  return (
    <div className="area-links">
      <fieldset className="row">
        <legend>Add a link</legend>
        {ends.map(([end, value, set]) => (
          <Picker key={end} label={end} items={items} value={value} onChange={set} />
        ))}
        <Check label="Both ways" isSelected={both} onChange={setBoth} />
        <Button className="button-secondary" isDisabled={a === '' || b === '' || a === b} onPress={() => onAdd(a, b, both)}>
          Add link
        </Button>
        <TipButton isDisabled={!hinted} onPress={onReset} tip="Remove every layout hint: the Areas are placed automatically again">
          Lay out automatically
        </TipButton>
      </fieldset>
      {edges.length > 0 && (
        <ul className="link-list" aria-label="Links">
          {edges.map((e) => (
            <li key={`${e.from}->${e.to}`}>
              <span>{`${name(e.from)} ${e.both ? '↔' : '→'} ${name(e.to)}`}</span>{' '}
              <Button
                className="button-danger"
                onPress={() => onRemove(e.both ? [{ from: e.from, to: e.to }, { from: e.to, to: e.from }] : [{ from: e.from, to: e.to }])}
                aria-label={e.both ? `Remove the link between ${name(e.from)} and ${name(e.to)}` : `Remove the link from ${name(e.from)} to ${name(e.to)}`}
              >
                Remove
              </Button>
              {e.both && (
                <TipButton onPress={() => onRemove([{ from: e.to, to: e.from }])} tip={`Remove the link from ${name(e.to)} to ${name(e.from)}`}>
                  {`Make one way (${name(e.from)} → ${name(e.to)})`}
                </TipButton>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
