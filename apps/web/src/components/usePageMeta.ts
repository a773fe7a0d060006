import { siteDescription } from '@waypoint/shared/pages/site';
import { useEffect } from 'react';
import { config } from '../app/config.ts';

/** Sets the document title and meta description of the current page. */
export function usePageMeta(title: string | undefined, description?: string) {
  useEffect(() => {
    if (!title) return;
    document.title = title === config.siteName ? title : `${title} | ${config.siteName}`;
    document
      .querySelector('meta[name="description"]')
      ?.setAttribute('content', description || siteDescription);
  }, [title, description]);
}
