import { IconInfoCircle } from '@tabler/icons-react';
import type { TMap } from '@waypoint/shared/models/types';
import { Link } from 'react-router';
import { thumbSource } from '../api/images.ts';
import { contentLang } from '../i18n/content.ts';
import { messages } from '../i18n/messages/messages.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import classes from './MapEntry.module.css';
import { Thumbnail } from './Thumbnail.tsx';
import ui from './ui.module.css';

/** A map's name, 'by {author}' and the preferred-map icon. */
export function MapLabel({ map, preferred }: { map: TMap; preferred: boolean }) {
  return (
    <span className={classes.label}>
      <span lang={contentLang}>{map.name}</span>
      {map.authorName ? (
        <span className={`${ui.dimmed} ${classes.author}`}>{messages.byAuthor(map.authorName)}</span>
      ) : null}
      {preferred ? (
        <IconInfoCircle
          size={16}
          aria-label={uiMessages.components.preferredMap}
          role="img"
          className={classes.icon}
        />
      ) : null}
    </span>
  );
}

/** The map thumbnail shown on hover. */
export function MapPreview({ map }: { map: TMap }) {
  return (
    <span className={classes.previewBox}>
      <Thumbnail
        sources={[thumbSource('map', map._id, 'mapImage', '150x150', map.images)]}
        alt={uiMessages.components.mapPreview(map.name)}
        aspectRatio="1 / 1"
      />
    </span>
  );
}

export function mapPath(gameId: string, mapId: string) {
  return `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`;
}

/** A link to a map; hovering or focusing it shows the map thumbnail. */
export function MapEntry({ map, preferred }: { map: TMap; preferred: boolean }) {
  return (
    <span className={classes.entry}>
      <Link to={mapPath(map.gameId, map._id)} className={ui.link} data-testid="map-link">
        <MapLabel map={map} preferred={preferred} />
      </Link>
      <span className={classes.preview} aria-hidden="true">
        <MapPreview map={map} />
      </span>
    </span>
  );
}
