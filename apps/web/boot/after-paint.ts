import { afterPaintTemplateId } from '../../../packages/shared/src/html.ts';

/**
 * Moves the link tags waiting in the page's inert template into <head>, which starts their requests:
 * the page's API answers first (they wait for the server), then its code and stylesheets. A second
 * call finds the template empty.
 */
export function moveAfterPaintTags() {
  const template = document.getElementById(afterPaintTemplateId);
  if (!(template instanceof HTMLTemplateElement)) return;
  const links = template.content.querySelectorAll('link');
  const fetches = [...links].filter((l) => l.getAttribute('as') === 'fetch');
  const rest = [...links].filter((l) => l.getAttribute('as') !== 'fetch');
  for (const link of [...fetches, ...rest]) document.head.appendChild(link);
}
