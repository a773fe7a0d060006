import { Anchor, Container, Skeleton, Stack } from '@mantine/core';
import type { AdditionalFeature } from '@waypoint/shared/models/enums';
import type { TGame } from '@waypoint/shared/models/types';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { HttpError } from '../../api/client.ts';
import { useGame } from '../../api/queries.ts';
import { messages } from '../../i18n/messages/messages.ts';
import classes from './tools.module.css';

/** The error page for a game (SPEC §2.5, §2.6). */
export const errorPath = (gameId: string) => `/error?gameId=${encodeURIComponent(gameId)}`;

/**
 * Loads the game of a tool page. An unknown game, or a game without this tool among its additional
 * features, goes to the error page.
 */
export function GameGate({
  gameId,
  feature,
  children,
}: {
  gameId: string;
  feature: AdditionalFeature;
  children: (game: TGame) => ReactNode;
}) {
  const game = useGame(gameId);
  if (game.error instanceof HttpError && game.error.status === 404) {
    return <Navigate replace to={errorPath(gameId)} />;
  }
  if (game.data && !(game.data.additionalFeatures ?? []).includes(feature)) {
    return <Navigate replace to={errorPath(gameId)} />;
  }
  if (game.isError) {
    return (
      <Container size="lg" py="xl">
        <p role="alert">{messages.genericError}</p>
      </Container>
    );
  }
  if (!game.data) return <PageSkeleton />;
  return children(game.data);
}

export function PageSkeleton() {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Stack>
        <Skeleton height={40} width="40%" />
        <Skeleton height={20} width="70%" />
        <Skeleton height={36} />
        <Skeleton height={320} />
      </Stack>
    </Container>
  );
}

/** 'Login to track your progress!': to the login page and back here afterwards. */
export function LoginPrompt({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { pathname, search } = useLocation();
  return (
    <Anchor
      component={Link}
      to={`/login?nextUrl=${encodeURIComponent(pathname + search)}`}
      size={size}
      fw={600}
      data-testid="login-prompt"
    >
      {messages.loginToTrack}
    </Anchor>
  );
}

/** A round badge with an image, or the initials of the name when there is none. */
export function Avatar({ src, name, size = 28 }: { src?: string; name: string; size?: number }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return (
    <span
      className={classes.avatar}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
      aria-hidden="true"
    >
      {src ? <img src={src} alt="" loading="lazy" decoding="async" /> : initials}
    </span>
  );
}
