/**
 * Marker definitions on the map view (specification §2.7 markers panel, §4, §9): grouping by
 * category, the panel's search, which definitions a visitor sees, icon sizes and the
 * `markerDefinitions` filter link.
 */

import { constants } from '../constants.ts';
import type { MarkerDefinitionType } from '../models/enums.ts';
import { joinUrl, splitUrl, withoutMapView } from './view-url.ts';

/** The part of a marker definition these rules need. */
export interface DefinitionLike {
  _id: string;
  name: string;
  markerCategory?: string | null;
  markerDefinitionType?: MarkerDefinitionType | string;
  width?: number | null;
  height?: number | null;
}

/** Group name of definitions without a category. */
export const uncategorized = 'Uncategorized';

/** The group a definition is listed under: its category upper-cased, or 'Uncategorized'. */
export function definitionGroup(definition: Pick<DefinitionLike, 'markerCategory'>): string {
  const category = definition.markerCategory?.trim();
  return category ? category.toUpperCase() : uncategorized;
}

export interface DefinitionGroup<D extends DefinitionLike> {
  name: string;
  definitions: D[];
}

/**
 * Definitions grouped by category: groups in alphabetical order with 'Uncategorized' last,
 * definitions by name ascending within a group.
 */
export function groupDefinitions<D extends DefinitionLike>(definitions: readonly D[]): DefinitionGroup<D>[] {
  const groups = new Map<string, D[]>();
  for (const d of definitions) {
    const name = definitionGroup(d);
    const list = groups.get(name);
    if (list) list.push(d);
    else groups.set(name, [d]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => {
      if (a === uncategorized) return b === uncategorized ? 0 : 1;
      if (b === uncategorized) return -1;
      return a.localeCompare(b);
    })
    .map(([name, list]) => ({
      name,
      definitions: list.sort((x, y) => x.name.localeCompare(y.name) || x._id.localeCompare(y._id)),
    }));
}

/** The panel's search: case-insensitive substring of the definition's name or group. */
export function matchesDefinitionSearch(definition: DefinitionLike, text: string): boolean {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    definition.name.toLocaleLowerCase().includes(needle) ||
    definitionGroup(definition).toLocaleLowerCase().includes(needle)
  );
}

/**
 * Definitions listed in the markers panel: admins and suggest mode see all of them; everyone
 * else only those with at least one placed marker on the map.
 */
export function listedDefinitions<D extends DefinitionLike>(
  definitions: readonly D[],
  placedCount: (definitionId: string) => number,
  options: { showAll: boolean; search?: string },
): D[] {
  return definitions.filter(
    (d) => (options.showAll || placedCount(d._id) > 0) && matchesDefinitionSearch(d, options.search ?? ''),
  );
}

/** Icon width and height in pixels: the definition's own when both are above 0, else by type. */
export function iconSize(definition: DefinitionLike): [number, number] {
  const { width, height } = definition;
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) {
    return [width, height];
  }
  if (definition.markerDefinitionType === 'IMAGE') return [...constants.imageIconSize];
  return [...constants.svgIconSize];
}

/** Definitions drawn as lines or areas rather than icons. */
export function isPathDefinition(definition: Pick<DefinitionLike, 'markerDefinitionType'>): boolean {
  return definition.markerDefinitionType === 'POLYGON' || definition.markerDefinitionType === 'ROUTE';
}

/** The query parameter that lists the definitions enabled on load. */
export const markerDefinitionsParam = 'markerDefinitions';

/** Definition ids of a `markerDefinitions` value (comma-separated, blanks and repeats dropped). */
export function parseEnabledDefinitions(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The filter link: the page address with `markerDefinitions` listing the enabled definitions
 * (other query parameters kept; the parameter left out when nothing is enabled).
 */
export function filterLink(pageUrl: string, enabledIds: Iterable<string>): string {
  const { base, params, hash } = splitUrl(withoutMapView(pageUrl));
  params.delete(markerDefinitionsParam);
  const ids = [...new Set(enabledIds)].sort();
  // Ids are made of URL-safe characters; the commas stay readable.
  if (ids.length > 0) params.parts.push(`${markerDefinitionsParam}=${ids.map(encodeURIComponent).join(',')}`);
  return joinUrl(base, params, hash);
}
