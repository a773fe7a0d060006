import { IconBulb } from '@tabler/icons-react';
import { Button } from '../../../components/controls.tsx';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import classes from './suggest.module.css';

/** 'Activate suggestions' over the map; the suggestion tools load with suggest mode. */
export function SuggestToggle({ onActivate, onPrepare }: { onActivate: () => void; onPrepare: () => void }) {
  return (
    <div className={classes.panel} data-testid="suggest-tools" data-map-control>
      <Button
        variant="light"
        icon={<IconBulb size={15} />}
        onPointerEnter={onPrepare}
        onFocus={onPrepare}
        onClick={onActivate}
      >
        {mapMessages.activateSuggestions}
      </Button>
    </div>
  );
}
