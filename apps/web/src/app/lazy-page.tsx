import { constants } from '@waypoint/shared/constants';
import type { ComponentType } from 'react';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import { isChunkLoadError, reloadForFailedChunk } from './chunk-reload.ts';
import { preloadable } from './preloadable.tsx';

let pending = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function bar(): HTMLElement {
  let el = document.getElementById('wp-progress');
  if (!el) {
    el = document.createElement('div');
    el.id = 'wp-progress';
    el.className = 'wp-progress';
    el.setAttribute('role', 'progressbar');
    el.setAttribute('aria-label', uiMessages.shell.loadingPage);
    document.body.append(el);
  }
  return el;
}

/** The thin loading bar runs while page code loads, when that takes longer than 200 ms. */
function track<T>(promise: Promise<T>): Promise<T> {
  pending += 1;
  if (pending === 1) {
    timer = setTimeout(() => {
      const el = bar();
      el.dataset.state = '';
      void el.offsetWidth;
      el.dataset.state = 'running';
    }, constants.loadingBarThrottleMs);
  }
  const done = () => {
    pending -= 1;
    if (pending > 0) return;
    clearTimeout(timer);
    const el = document.getElementById('wp-progress');
    if (el?.dataset.state === 'running') el.dataset.state = 'done';
  };
  promise.then(done, done);
  return promise;
}

type PageModule = { Component: ComponentType };

/** A page in its own chunk. A chunk that fails to load (after a deploy) reloads the page once. */
export function lazyPage(load: () => Promise<PageModule>) {
  return preloadable(() =>
    track(load()).then(
      (m) => m.Component,
      (error: unknown) => {
        if (isChunkLoadError(error) && reloadForFailedChunk()) return new Promise<never>(() => {});
        throw error;
      },
    ),
  );
}
