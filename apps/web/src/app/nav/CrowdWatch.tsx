import { type RefObject, useEffect } from 'react';

interface Props {
  /** The bar's section menus (absent while the bar is folded). */
  menus: RefObject<HTMLDivElement | null>;
  /** The window width below which the bar stays folded (0: unfolded). */
  foldBelow: number;
  onFold: (below: number) => void;
  /** What the bar shows: when it changes, the bar is measured again. */
  content: string;
}

/**
 * Folds the bar into its menu when its links leave the section menus too little room (a window of
 * middle width with many links, a long translation), until the window grows past where it folded or
 * what the bar shows changes. Loaded after the bar's first paint: it only ever folds a bar drawn.
 */
export default function CrowdWatch({ menus, foldBelow, onFold, content }: Props) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content is measured afresh
  useEffect(() => onFold(0), [content]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content may overflow at the same width
  useEffect(() => {
    const el = menus.current;
    if (!el || foldBelow) return;
    // The menus shorten their names down to a readable width (NavBar.module.css); past that they
    // would spill over the links beside them.
    const check = () => el.scrollWidth > el.clientWidth + 1 && onFold(window.innerWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [menus, foldBelow, onFold, content]);
  useEffect(() => {
    if (!foldBelow) return;
    const unfold = () => window.innerWidth >= foldBelow && onFold(0);
    window.addEventListener('resize', unfold);
    return () => window.removeEventListener('resize', unfold);
  }, [foldBelow, onFold]);
  return null;
}
