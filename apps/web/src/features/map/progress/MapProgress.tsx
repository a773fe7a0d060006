import { percentFound } from '@waypoint/shared/progress/found';
import { formatNumber } from '../../../i18n/format.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './progress.module.css';

/** "found x of y (z %)": the markers that can be found, of the definitions and floor shown. */
export function MapProgress({
  found,
  total,
  testId = 'map-progress',
}: {
  found: number;
  total: number;
  testId?: string;
}) {
  return (
    <div className={classes.progress} data-testid={testId}>
      {mapMessages.foundOf(
        formatNumber(found),
        formatNumber(total),
        formatNumber(percentFound(found, total)),
      )}
    </div>
  );
}
