import { useState } from 'react';
import type { ThumbSource } from '../api/images.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import classes from './Thumbnail.module.css';

interface Props {
  /**
   * Candidate URLs (or pictures with a 2× variant), best first; the next one is tried when one fails
   * to load. A picture whose 2× variant fails is tried again at 1×.
   */
  sources: (string | ThumbSource | undefined)[];
  alt: string;
  height?: number;
  /** Keeps a fixed box (no layout shift while loading). */
  aspectRatio?: string;
  loading?: 'lazy' | 'eager';
}

/** An image with fallbacks, ending in a neutral "no image" placeholder. */
export function Thumbnail({ sources, alt, height, aspectRatio, loading = 'lazy' }: Props) {
  const candidates = sources.flatMap((s): ThumbSource[] => {
    if (!s) return [];
    if (typeof s === 'string') return [{ src: s }];
    return s.srcSet ? [s, { src: s.src }] : [{ src: s.src }];
  });
  const [index, setIndex] = useState(0);
  const candidate = candidates[index];
  const src = candidate?.src;
  const style = { height, aspectRatio };
  if (!src) {
    const picture = (
      <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path
          fill="currentColor"
          d="M21 5v11.6l-2-2V5H7.4l-2-2H19a2 2 0 0 1 2 2zM2.8 2.8 1.4 4.2 3 5.8V19a2 2 0 0 0 2 2h13.2l1.6 1.6 1.4-1.4L2.8 2.8zM5 19V7.8l5.3 5.3-1.8 2.4L7 13.6 5 17h9.2l2 2H5z"
        />
      </svg>
    );
    // Without a name the placeholder is decoration, like an image with an empty alt.
    return alt ? (
      <div
        className={classes.placeholder}
        style={style}
        role="img"
        aria-label={uiMessages.components.noImage(alt)}
      >
        {picture}
      </div>
    ) : (
      <div className={classes.placeholder} style={style} aria-hidden="true">
        {picture}
      </div>
    );
  }
  return (
    <img
      className={classes.image}
      style={style}
      src={src}
      srcSet={candidate?.srcSet}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setIndex((i) => i + 1)}
    />
  );
}
