import { TextInput } from '@mantine/core';
import { usePlayerLevelField } from '../../../components/usePlayerLevelField.ts';
import { toolMessages } from '../../../i18n/messages/tool-messages.ts';
import { useSetLevel } from '../progress.tsx';
import classes from '../tools.module.css';

/** The numeric 'Player level' box; a change is saved as soon as typing pauses. */
export function LevelInput({ gameId, level }: { gameId: string; level: number | undefined }) {
  const setLevel = useSetLevel(gameId);
  const field = usePlayerLevelField(level, (next) => setLevel.mutate(next));
  return (
    <TextInput
      className={classes.level}
      label={toolMessages.playerLevel}
      inputMode="numeric"
      value={field.value}
      error={field.error}
      disabled={level === undefined}
      data-testid="player-level"
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
    />
  );
}
