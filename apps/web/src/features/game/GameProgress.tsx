import { useQuery } from '@tanstack/react-query';
import type { MarkerProgress } from '@waypoint/shared/progress/schemas';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { MapProgress } from '../map/progress/MapProgress.tsx';

/** The player's found markers of the whole game (players only, games with markers to find). */
export function GameProgress({ gameId }: { gameId: string }) {
  const session = useSession();
  const progress = useQuery({
    queryKey: ['user', session?.id ?? '', 'marker-progress', gameId],
    queryFn: () => api.get<MarkerProgress>(`/usercompletedmarkers/progress/${encodeURIComponent(gameId)}`),
    enabled: Boolean(session),
  });
  if (!session || !progress.data || progress.data.total === 0) return null;
  return <MapProgress found={progress.data.found} total={progress.data.total} testId="game-progress" />;
}
