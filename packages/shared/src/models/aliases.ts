import type { ModelKey } from './registry.ts';

/**
 * Other names the admin paths accept for a model (SPEC §3: the item's admin endpoint is
 * `admin/itemId`). A module of its own: the admin pages read it without the registry's schemas.
 */
export const modelAliases: Readonly<Record<string, ModelKey>> = { itemId: 'item' };
