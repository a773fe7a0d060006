import { maxPlayerLevel, parsePlayerLevel } from '@waypoint/shared/domain/quests';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../i18n/messages/messages.ts';

/** A typed level is saved once typing pauses this long (SPEC §5: committed on change). */
const commitDelayMs = 400;

/**
 * The 'Player level' box's behaviour, the same on the map and in the quest tracker: the text stays
 * as typed, a text that is not a whole number shows 'Is not a number' (never dropped silently), and
 * a valid level is saved once typing pauses. A saved level from elsewhere replaces the text unless
 * the player is typing.
 */
export function usePlayerLevelField(level: number | undefined, onLevel: (level: number) => void) {
  const [text, setText] = useState(level === undefined ? '' : String(level));
  const [error, setError] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const editing = useRef(false);
  const latest = useRef({ level, onLevel });
  latest.current = { level, onLevel };

  useEffect(() => {
    if (!editing.current) setText(level === undefined ? '' : String(level));
  }, [level]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const check = (value: string) => {
    const parsed = parsePlayerLevel(value);
    if (parsed.ok) return parsed.level;
    setError(
      parsed.reason === 'notANumber' ? messages.notANumber : messages.playerLevelRange(maxPlayerLevel),
    );
    return undefined;
  };
  const commit = (value: string) => {
    clearTimeout(timer.current);
    editing.current = false;
    const next = check(value);
    if (next !== undefined && next !== latest.current.level) latest.current.onLevel(next);
  };

  return {
    value: text,
    error,
    onChange: (value: string) => {
      setText(value);
      editing.current = true;
      clearTimeout(timer.current);
      if (parsePlayerLevel(value).ok) setError(undefined);
      else if (value.trim() !== '') check(value);
      timer.current = setTimeout(() => commit(value), commitDelayMs);
    },
    onBlur: () => {
      clearTimeout(timer.current);
      editing.current = false;
      // An emptied box shows the saved level again; anything else is checked and saved.
      if (text.trim() === '' && latest.current.level !== undefined) {
        setError(undefined);
        setText(String(latest.current.level));
      } else commit(text);
    },
  };
}
