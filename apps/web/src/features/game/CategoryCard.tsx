import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { constants } from '@waypoint/shared/constants';
import type { TCategory, TMap } from '@waypoint/shared/models/types';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { imageUrl, thumbSource } from '../../api/images.ts';
import { MapEntry, mapPath } from '../../components/MapEntry.tsx';
import { Thumbnail } from '../../components/Thumbnail.tsx';
import ui from '../../components/ui.module.css';
import { contentLang } from '../../i18n/content.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { uiMessages } from '../../i18n/messages/ui-messages.ts';

const h = constants.categoryThumbHeightPx;

/** Category image, else the top map's image, else the not-found placeholder (SPEC §2.5). */
function CategoryThumb({ category, top }: { category: TCategory; top: TMap | undefined }) {
  return (
    <Thumbnail
      alt=""
      height={h}
      sources={[
        thumbSource('category', category._id, 'image', `h${h}`, category.images),
        imageUrl('category', category._id, 'image', category.images),
        top ? thumbSource('map', top._id, 'mapImage', `h${h}`, top.images) : undefined,
      ]}
    />
  );
}

/** One category: a direct link for one map, an expanding list for several. */
export function CategoryCard({ category, maps }: { category: TCategory; maps: TMap[] }) {
  const [opened, setOpened] = useState(false);
  const listId = useId();
  const top = maps[0];
  const single = maps.length === 1 ? maps[0] : undefined;

  if (single) {
    return (
      <Link to={mapPath(single.gameId, single._id)} className={ui.card} data-testid="category-card">
        <CategoryThumb category={category} top={top} />
        <div className={ui.cardBody}>
          <h3 className={ui.h3} lang={contentLang}>
            {category.name}
          </h3>
          <span className={`${ui.small} ${ui.dimmed}`}>
            <span lang={contentLang}>{single.name}</span>
            {single.authorName ? ` · ${messages.byAuthor(single.authorName)}` : ''}
          </span>
        </div>
      </Link>
    );
  }

  return (
    <div className={ui.card} data-testid="category-card">
      <CategoryThumb category={category} top={top} />
      <div className={ui.cardBody}>
        <h3 className={ui.h3} lang={contentLang}>
          {category.name}
        </h3>
        {maps.length === 0 ? (
          <span className={`${ui.small} ${ui.dimmed}`}>{uiMessages.game.noMaps}</span>
        ) : (
          <>
            <button
              type="button"
              className={`${ui.button} ${ui.buttonLight} ${ui.buttonFull}`}
              onClick={() => setOpened((o) => !o)}
              aria-expanded={opened}
              aria-controls={listId}
            >
              {uiMessages.game.mapCount(maps.length)}
              {opened ? (
                <IconChevronUp size={16} aria-hidden="true" />
              ) : (
                <IconChevronDown size={16} aria-hidden="true" />
              )}
            </button>
            {opened ? (
              <ul id={listId} className={`${ui.list} ${ui.stack}`} style={{ gap: 6 }}>
                {maps.map((map) => (
                  <li key={map._id}>
                    <MapEntry map={map} preferred={category.preferredMap === map._id} />
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
