import { type AdditionalFeature, additionalFeatures } from '@waypoint/shared/models/enums';
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { withMantine } from '../../app/MantineShell.tsx';
import { FeaturePending } from '../../components/FeaturePending.tsx';
import { toolLabels } from '../../i18n/messages/messages.ts';
import { NotFoundView } from '../error/ErrorView.tsx';
import { GameGate } from './common.tsx';
import { CraftingPage } from './crafting/CraftingPage.tsx';
import { ItemsToKeepPage } from './items/ItemsToKeepPage.tsx';
import { QuestsPage } from './quests/QuestsPage.tsx';
import { CustomersPage } from './schedule/CustomersPage.tsx';
import { ScheduleItemsPage } from './schedule/ItemsPage.tsx';
import { MixingCalculatorPage } from './schedule/MixingCalculatorPage.tsx';
import { RecipeListPage } from './schedule/RecipeListPage.tsx';

/** The page of each tool; a tool without its page yet shows a placeholder. */
const toolPages: Partial<Record<AdditionalFeature, ComponentType>> = {
  crafting: GameCraftingPage,
  quests: QuestsPage,
  'tarkov-items-to-keep': ItemsToKeepPage,
  schedule_I_mixing_calculator: MixingCalculatorPage,
  schedule_I_recipe_list: RecipeListPage,
  schedule_I_customers: CustomersPage,
  schedule_I_items: ScheduleItemsPage,
};

/** Crafting of one game, for games that list it among their tools. */
function GameCraftingPage() {
  const { gameId = '' } = useParams();
  return (
    <GameGate gameId={gameId} feature="crafting">
      {() => <CraftingPage />}
    </GameGate>
  );
}

function isFeature(value: string): value is AdditionalFeature {
  return (additionalFeatures as readonly string[]).includes(value);
}

/**
 * Per-game tool page /game/{gameId}/tools/{feature}: renders the tool when the feature is one of the
 * game's additional features; a game without it goes to the error page, and a value that is no
 * additional feature at all is an unknown page (404).
 */
function ToolPage() {
  const { gameId = '', feature = '' } = useParams();
  if (!isFeature(feature)) return <NotFoundView />;
  const Page = toolPages[feature];
  if (Page) return <Page />;
  return (
    <GameGate gameId={gameId} feature={feature}>
      {() => <FeaturePending title={toolLabels[feature]} />}
    </GameGate>
  );
}

export const Component = withMantine(ToolPage);
