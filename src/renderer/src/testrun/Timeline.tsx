import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { Label, ListBox, ListBoxItem, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import type { Key, Selection } from 'react-aria-components';
import { logLines } from './play-session';
import type { PlaySession } from './play-session';
import { moveCursor, moveOfKey, roundAt, roundStarts } from './timeline';

/** Props of {@link TimelineSlider} and {@link BattleLog}. */
export interface TimelineProps {
  session: PlaySession;
  cursor: number;
  onCursor: (cursor: number) => void;
}

/** Handles the timeline keys a widget does not handle as we want (rounds, ←/→ in the log). */
function useTimelineKeys({ session, cursor, onCursor }: TimelineProps, vertical: boolean, keys: readonly string[]) {
  return (e: KeyboardEvent): void => {
    if (!keys.includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const move = moveOfKey(e.key, vertical);
    if (move === null) return;
    e.preventDefault();
    e.stopPropagation();
    onCursor(moveCursor(session, cursor, move));
  };
}

/** Words a screen reader says for the cursor: "Event 12 of 140, round 2: …". */
export function cursorText(session: PlaySession, cursor: number, line?: string): string {
  const total = session.events.length;
  return `Event ${cursor + 1} of ${total}, round ${roundAt(session, cursor)}${line ? `: ${line}` : ''}`;
}

/**
 * The timeline scrubber: a slider over every event of the battle. ←/→ (and ↑/↓) move one event,
 * PageUp/PageDown one round (forward/back, as a slider's larger step), Home/End to either end.
 */
export function TimelineSlider(props: TimelineProps) {
  const { session, cursor, onCursor } = props;
  const lines = useMemo(() => logLines(session), [session]);
  const input = useRef<HTMLInputElement | null>(null);
  const text = cursorText(session, cursor, lines[cursor]);
  const onKey = useTimelineKeys(props, false, ['PageUp', 'PageDown']);
  // The slider's own value text is a number; say where in the battle the cursor is instead.
  useLayoutEffect(() => {
    input.current?.setAttribute('aria-valuetext', text);
  });
  const rounds = roundStarts(session);
  const last = Math.max(0, session.events.length - 1);
  return (
    <Slider
      className="tr-timeline"
      minValue={0}
      maxValue={last}
      step={1}
      value={Math.max(0, cursor)}
      onChange={(v) => onCursor(Array.isArray(v) ? v[0]! : v)}
      isDisabled={session.events.length === 0}
    >
      <div className="tr-timeline-head">
        <Label>Battle timeline</Label>
        <SliderOutput className="tr-timeline-out">{() => cursorText(session, cursor)}</SliderOutput>
      </div>
      <div onKeyDownCapture={onKey}>
        <SliderTrack className="tr-timeline-track">
          {({ state }) => (
            <>
              {rounds.map((i) => (
                <span
                  key={i}
                  className="tr-timeline-round"
                  style={{ left: `${last === 0 ? 0 : (i / last) * 100}%` }}
                  aria-hidden="true"
                />
              ))}
              <span className="tr-timeline-fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
              <SliderThumb className="tr-timeline-thumb" inputRef={input} aria-label="Battle timeline" />
            </>
          )}
        </SliderTrack>
      </div>
    </Slider>
  );
}

/**
 * The battle log as a listbox whose selection is the timeline cursor: ↑/↓ (and ←/→) move one
 * event, PageUp/PageDown one round, Home/End to either end; clicking a line moves the cursor there.
 */
export function BattleLog(props: TimelineProps) {
  const { session, cursor, onCursor } = props;
  const lines = useMemo(() => logLines(session), [session]);
  const items = useMemo(() => lines.map((line, i) => ({ id: i, line })), [lines]);
  const onKey = useTimelineKeys(props, true, ['PageUp', 'PageDown', 'ArrowLeft', 'ArrowRight']);
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    box.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [cursor, lines.length]);
  const selected = useMemo(() => new Set<Key>([cursor]), [cursor]);
  return (
    <div className="tr-log" ref={box} onKeyDownCapture={onKey}>
      <ListBox
        aria-label="Battle log"
        items={items}
        selectionMode="single"
        selectionBehavior="replace"
        disallowEmptySelection
        selectedKeys={selected}
        onSelectionChange={(keys: Selection) => {
          if (keys === 'all') return;
          const [k] = [...keys];
          if (typeof k === 'number') onCursor(k);
        }}
      >
        {(item) => (
          <ListBoxItem id={item.id} textValue={`${item.id + 1}. ${item.line}`} className={item.id > cursor ? 'tr-log-item later' : 'tr-log-item'}>
            <span className="tr-log-no" aria-hidden="true">{`${item.id + 1}`}</span>
            {item.line}
          </ListBoxItem>
        )}
      </ListBox>
    </div>
  );
}
