import { IconStack2 } from '@tabler/icons-react';
import { levelButtonText } from '@waypoint/shared/map/levels';
import { contentLang } from '../../../i18n/content.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './floors.module.css';
import type { Floors } from './useFloors.ts';

/**
 * The floor control: one button per floor, top floor first (as indoor maps show them); the floor
 * shown is pressed. Page Up / Page Down switch floors too (`useFloors`).
 */
export function FloorControl({ floors, announce }: { floors: Floors; announce: (text: string) => void }) {
  if (floors.levels.length === 0) return null;
  const top = [...floors.levels].reverse();
  return (
    <fieldset
      className={classes.control}
      aria-label={mapMessages.floors}
      title={`${mapMessages.floors} (${mapMessages.floorKeys})`}
      aria-keyshortcuts="PageUp PageDown"
      data-floor-control
      data-map-control
      data-testid="floor-control"
    >
      {top.map((level) => (
        <button
          key={level._id}
          type="button"
          className={classes.floor}
          aria-pressed={level.level === floors.current}
          aria-label={level.name}
          title={level.name}
          lang={contentLang}
          data-level={level.level}
          onClick={() => {
            if (level.level === floors.current) return;
            performance.mark('waypoint:floor-click');
            floors.setLevel(level.level);
            announce(mapMessages.floorShown(level.name));
          }}
        >
          {levelButtonText(level)}
        </button>
      ))}
      <button
        type="button"
        className={`${classes.floor} ${classes.faint}`}
        aria-pressed={floors.faintOthers}
        aria-label={mapMessages.faintFloors}
        title={mapMessages.faintFloors}
        onClick={() => floors.setFaintOthers(!floors.faintOthers)}
      >
        <IconStack2 size={18} aria-hidden />
      </button>
    </fieldset>
  );
}
