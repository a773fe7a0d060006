import { Container } from '@mantine/core';
import type { MixingData } from '@waypoint/shared/domain/mixing';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import type { TGame } from '@waypoint/shared/models/types';
import type { MixingContent } from '@waypoint/shared/schedule-one/api';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { usePageMeta } from '../../../components/usePageMeta.ts';
import { messages, toolLabels } from '../../../i18n/messages/messages.ts';
import { GameGate, PageSkeleton } from '../common.tsx';
import { useMixing } from './data.ts';

export interface ScheduleToolData {
  game: TGame;
  content: MixingContent;
  /** The compiled rules; undefined only for a tool that does not need them (`rules: false`). */
  mixing: MixingData | undefined;
}

interface Props {
  feature: AdditionalFeature;
  /** The tool computes mixes: content whose rules do not compile is an error, not a page. */
  rules?: boolean;
  children: (data: ScheduleToolData) => ReactNode;
}

function MixingGate({ game, rules, children }: { game: TGame; rules: boolean; children: Props['children'] }) {
  const mixing = useMixing(game._id);
  if (mixing.isError || (rules && mixing.mixing === null)) {
    return (
      <Container size="lg" py="xl">
        <p role="alert">{messages.genericError}</p>
      </Container>
    );
  }
  if (!mixing.content || (rules && !mixing.mixing)) return <PageSkeleton />;
  return children({ game, content: mixing.content, mixing: mixing.mixing ?? undefined });
}

/**
 * A Schedule I tool page /game/{gameId}/tools/{feature}: the game's gate, the page title, and the
 * game's mixing content (one cached request) loaded before the tool renders.
 */
export function ScheduleToolPage({ feature, rules = true, children }: Props) {
  const { gameId = '' } = useParams();
  usePageMeta(toolLabels[feature]);
  return (
    <GameGate gameId={gameId} feature={feature}>
      {(game) => (
        <MixingGate game={game} rules={rules}>
          {children}
        </MixingGate>
      )}
    </GameGate>
  );
}
