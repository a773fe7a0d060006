import { percentFound } from '@waypoint/shared/progress/found';
import { formatNumber } from '../../../i18n/format.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './progress.module.css';

/**
 * "found x of y (z %)": the markers that can be found; `shown`: of the definitions switched on and the
 * floor shown, which the line then says (a group's own count covers all of its markers).
 */
export function MapProgress({
  found,
  total,
  shown = false,
  testId = 'map-progress',
}: {
  found: number;
  total: number;
  shown?: boolean;
  testId?: string;
}) {
  const line = shown ? mapMessages.foundOfShown : mapMessages.foundOf;
  return (
    <div
      className={classes.progress}
      data-testid={testId}
      title={shown ? mapMessages.foundOfShownHint : undefined}
    >
      {line(formatNumber(found), formatNumber(total), formatNumber(percentFound(found, total)))}
    </div>
  );
}
