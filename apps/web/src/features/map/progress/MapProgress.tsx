import { formatNumber } from '../../../i18n/format.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './progress.module.css';

/** Whole per cent, never 100 before everything is found. */
export function percentFound(found: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(Math.floor((found / total) * 100), found < total ? 99 : 100);
}

/** "found x of y (z %)": the markers that can be found, of the definitions and floor shown. */
export function MapProgress({ found, total }: { found: number; total: number }) {
  return (
    <div className={classes.progress} data-testid="map-progress" role="status">
      {mapMessages.foundOf(
        formatNumber(found),
        formatNumber(total),
        formatNumber(percentFound(found, total)),
      )}
    </div>
  );
}
