import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { constants } from '@waypoint/shared/constants';
import type { TGame } from '@waypoint/shared/models/types';
import type { EmblaCarouselType } from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client.ts';
import { useGame } from '../../api/queries.ts';
import { config } from '../../app/config.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { servicesMessages } from '../../i18n/messages/services-messages.ts';
import { errorPath, PageSkeleton } from './common.tsx';
import classes from './InGameAppPage.module.css';

const slides = [
  { id: 'overview', caption: servicesMessages.inGameSlides[0] },
  { id: 'loot', caption: servicesMessages.inGameSlides[1] },
  { id: 'tactical', caption: servicesMessages.inGameSlides[2] },
] as const;

/**
 * One slide's picture. A game whose map is still being drawn (a first start) has none yet: the slide
 * says so over a placeholder and asks again every 5 s for a few minutes.
 */
function SlidePicture({ src, alt, eager }: { src: string; alt: string; eager: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [missing, setMissing] = useState(false);
  return (
    <>
      <img
        src={attempt ? `${src}?attempt=${attempt}` : src}
        alt={alt}
        width={1280}
        height={720}
        loading={eager ? 'eager' : 'lazy'}
        style={{ opacity: loaded ? 1 : 0 }}
        onLoad={() => setLoaded(true)}
        onError={() => {
          setMissing(true);
          if (attempt < 36) window.setTimeout(() => setAttempt((a) => a + 1), 5000);
        }}
      />
      {missing && !loaded ? (
        <p className={classes.preparing} data-testid="promo-preparing">
          {servicesMessages.inGameSlidePreparing}
        </p>
      ) : null}
    </>
  );
}

/**
 * The carousel of the promo: pictures of the game's own map (drawn by the server from the map
 * image and its markers), one every 4 s, paused while the pointer is over it; no autoplay for
 * visitors who prefer reduced motion.
 */
function PromoCarousel({ game }: { game: TGame }) {
  const reduceMotion = useReducedMotion();
  const autoplay = useMemo(
    () => Autoplay({ delay: constants.carouselIntervalMs, stopOnMouseEnter: true, stopOnInteraction: false }),
    [],
  );
  // Stable options and plugins: new ones would start the carousel over (and forget the hover).
  const plugins = useMemo(() => (reduceMotion ? [] : [autoplay]), [reduceMotion, autoplay]);
  const options = useMemo(() => ({ loop: true, duration: reduceMotion ? 1 : 25 }), [reduceMotion]);
  const [active, setActive] = useState(0);
  // A resize starts the carousel over (its plugins too): under the pointer it stays paused.
  const hovered = useRef(false);
  const watch = useCallback(
    (embla: EmblaCarouselType) => {
      embla.on('reInit', () => {
        if (hovered.current) autoplay.stop();
      });
    },
    [autoplay],
  );
  return (
    <Carousel
      withIndicators
      emblaOptions={options}
      plugins={plugins}
      onSlideChange={setActive}
      getEmblaApi={watch}
      onMouseEnter={() => {
        hovered.current = true;
        autoplay.stop();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        if (!reduceMotion) autoplay.play();
      }}
      aria-roledescription="carousel"
      aria-label={messages.gameInGame(game.name)}
      data-testid="ingame-carousel"
      data-active-slide={active}
      previousControlProps={{ 'aria-label': servicesMessages.previousPicture }}
      nextControlProps={{ 'aria-label': servicesMessages.nextPicture }}
    >
      {slides.map((slide, i) => (
        <Carousel.Slide
          key={slide.id}
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${slides.length}`}
        >
          <figure className={classes.slide}>
            <SlidePicture
              src={`${config.apiBase}/game/${encodeURIComponent(game._id)}/promo/${slide.id}`}
              alt={`${slide.caption}: the ${game.name} map in the overlay`}
              eager={i === 0}
            />
            <figcaption className={classes.caption}>{slide.caption}</figcaption>
          </figure>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

function InGameApp({ game }: { game: TGame }) {
  // Arrived from 'Open in app' on a map when the app did not open.
  const [search] = useSearchParams();
  const notInstalled = search.get('notInstalled') === '1';
  const title = messages.gameInGame(game.name);
  usePageMeta(title);
  return (
    <Container size="lg" py="xl">
      <Stack className={classes.hero}>
        <Title order={1}>{title}</Title>
        {notInstalled ? (
          <Alert color="yellow" variant="light" data-testid="app-not-installed">
            {servicesMessages.appNotInstalled}
          </Alert>
        ) : null}
        <Text c="dimmed">{servicesMessages.inGameLead(game.name)}</Text>
        <PromoCarousel game={game} />
        <div className={classes.actions}>
          {config.appStoreUrl ? (
            <Button component="a" href={config.appStoreUrl} target="_blank" rel="noopener" size="lg">
              {messages.downloadFree}
            </Button>
          ) : (
            <Button size="lg">{messages.downloadFree}</Button>
          )}
        </div>
      </Stack>
    </Container>
  );
}

/** In-game overlay app promo /game/{gameId}/ingameMapApp (SPEC §2.11). */
export function InGameAppPage() {
  const { gameId = '' } = useParams();
  const game = useGame(gameId);
  if (game.error instanceof HttpError && game.error.status === 404)
    return <Navigate replace to={errorPath(gameId)} />;
  if (!game.data) return <PageSkeleton />;
  return <InGameApp game={game.data} />;
}
