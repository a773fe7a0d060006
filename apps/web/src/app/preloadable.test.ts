import { type ComponentType, createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable.tsx';

const Hello = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);

/** One render of the component inside a boundary whose fallback says 'waiting'. */
const draw = (C: ComponentType<{ name: string }>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('i', null, 'waiting') },
      createElement(C, { name: 'Ada' }),
    ),
  );

describe('preloadable', () => {
  it('suspends before its code is in, and draws at once after preload', async () => {
    let loads = 0;
    const C = preloadable(async () => {
      loads += 1;
      return Hello;
    });
    expect(draw(C)).toContain('waiting');
    await C.preload();
    const html = draw(C);
    expect(html).toContain('Hello Ada');
    expect(html).not.toContain('waiting');
    // The render that suspended and the preload shared one load.
    expect(loads).toBe(1);
  });

  it('loads again after a failed load', async () => {
    let attempt = 0;
    const C = preloadable(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('offline');
      return Hello;
    });
    await expect(C.preload()).rejects.toThrow('offline');
    await C.preload();
    expect(draw(C)).toContain('Hello Ada');
    expect(attempt).toBe(2);
  });
});
