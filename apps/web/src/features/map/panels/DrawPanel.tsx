import { Button } from '../../../components/controls.tsx';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { ToolPanel } from './ToolPanel.tsx';
import classes from './tool-panel.module.css';

interface Props {
  kind: 'POLYGON' | 'ROUTE';
  /** Name of the definition being drawn. */
  definitionName: string;
  pointCount: number;
  saving: boolean;
  onRemoveLast: () => void;
  onSave: () => void;
  onCancel: () => void;
}

/** The polygon or route placing panel (§2.7): each click on the map adds a corner. */
export function DrawPanel({
  kind,
  definitionName,
  pointCount,
  saving,
  onRemoveLast,
  onSave,
  onCancel,
}: Props) {
  const title = kind === 'POLYGON' ? editingMessages.polygonActions : editingMessages.routeActions;
  return (
    <ToolPanel title={title} onClose={onCancel} testId="draw-panel">
      <p className={classes.text}>{editingMessages.startPlacingPoints}</p>
      <p className={classes.hint} aria-live="polite">
        {definitionName} · {pointCount} {pointCount === 1 ? 'corner' : 'corners'}
      </p>
      {pointCount > 0 ? (
        <div className={classes.actions}>
          <Button onClick={onRemoveLast}>{editingMessages.removeLastCorner}</Button>
          <Button className={classes.primary} onClick={onSave} disabled={saving} aria-busy={saving}>
            Save
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      ) : null}
    </ToolPanel>
  );
}
