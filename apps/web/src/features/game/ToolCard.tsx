import calculator from '@tabler/icons/outline/calculator.svg?no-inline';
import checklist from '@tabler/icons/outline/checklist.svg?no-inline';
import hammer from '@tabler/icons/outline/hammer.svg?no-inline';
import list from '@tabler/icons/outline/list.svg?no-inline';
import box from '@tabler/icons/outline/package.svg?no-inline';
import users from '@tabler/icons/outline/users.svg?no-inline';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import classes from './GamePage.module.css';

/**
 * Each tool's icon, a picture file drawn in the card's colour (a CSS mask): the game page fetches
 * only the icons of its own tools, instead of carrying every tool's drawing in its code.
 */
const icons: Record<AdditionalFeature, string> = {
  quests: checklist,
  'tarkov-items-to-keep': box,
  schedule_I_mixing_calculator: calculator,
  schedule_I_recipe_list: list,
  schedule_I_customers: users,
  schedule_I_items: box,
  crafting: hammer,
};

/** A tool of the game, linking to /game/{gameId}/tools/{feature}. */
export function ToolCard({
  gameId,
  feature,
  label,
}: {
  gameId: string;
  feature: AdditionalFeature;
  label: string;
}) {
  return (
    <Link
      to={`/game/${encodeURIComponent(gameId)}/tools/${feature}`}
      className={`${ui.card} ${classes.tool}`}
      data-testid="tool-card"
    >
      <span className={classes.toolIcon} aria-hidden="true">
        <span className={classes.toolGlyph} style={{ maskImage: `url(${icons[feature] ?? list})` }} />
      </span>
      <span className={classes.toolLabel}>{label}</span>
    </Link>
  );
}
