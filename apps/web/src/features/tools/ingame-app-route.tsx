import { useParams } from 'react-router';
import { useGame } from '../../api/queries.ts';
import { FeaturePending } from '../../components/FeaturePending.tsx';

/** In-game overlay app promo (SPEC §2.11): route entry. */
export function Component() {
  const { gameId } = useParams();
  const game = useGame(gameId);
  return <FeaturePending title={`${game.data?.name ?? ''} In-Game`.trim()} />;
}
