import {
  IconCalculator,
  IconChecklist,
  IconHammer,
  IconList,
  IconPackage,
  IconUsers,
} from '@tabler/icons-react';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import classes from './GamePage.module.css';

const icons: Record<AdditionalFeature, typeof IconList> = {
  quests: IconChecklist,
  'tarkov-items-to-keep': IconPackage,
  schedule_I_mixing_calculator: IconCalculator,
  schedule_I_recipe_list: IconList,
  schedule_I_customers: IconUsers,
  schedule_I_items: IconPackage,
  crafting: IconHammer,
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
  const Icon = icons[feature] ?? IconList;
  return (
    <Link
      to={`/game/${encodeURIComponent(gameId)}/tools/${feature}`}
      className={`${ui.card} ${classes.tool}`}
      data-testid="tool-card"
    >
      <span className={classes.toolIcon} aria-hidden="true">
        <Icon size={20} />
      </span>
      <span className={classes.toolLabel}>{label}</span>
    </Link>
  );
}
