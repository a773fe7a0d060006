import { NumberInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { useSetLevel } from '../progress.tsx';
import classes from '../tools.module.css';

const commitDelayMs = 400;

/** The numeric 'Player level' box; a change is saved as soon as typing pauses. */
export function LevelInput({ gameId, level }: { gameId: string; level: number | undefined }) {
  const setLevel = useSetLevel(gameId);
  const [value, setValue] = useState<string | number>(level ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const editing = useRef(false);

  useEffect(() => {
    if (!editing.current && level !== undefined) setValue(level);
  }, [level]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <NumberInput
      className={classes.level}
      label={toolMessages.playerLevel}
      value={value}
      min={0}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      disabled={level === undefined}
      data-testid="player-level"
      onChange={(next) => {
        setValue(next);
        clearTimeout(timer.current);
        if (typeof next !== 'number' || !Number.isInteger(next)) return;
        editing.current = true;
        timer.current = setTimeout(() => {
          editing.current = false;
          if (next !== level) setLevel.mutate(next, { onError: () => setValue(level ?? '') });
        }, commitDelayMs);
      }}
      onBlur={() => {
        if (value === '' && level !== undefined) setValue(level);
      }}
    />
  );
}
