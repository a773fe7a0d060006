import { useEffect } from 'react';
import { config } from '../app/config.ts';

const defaultDescription =
  'Interactive maps for your favourite games: loot maps, locations, quests and hidden secrets.';

/** Sets the document title and meta description of the current page. */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title === config.siteName ? title : `${title} | ${config.siteName}`;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', description || defaultDescription);
  }, [title, description]);
}
