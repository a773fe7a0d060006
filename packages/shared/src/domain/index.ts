export * from './crafting.ts';
export * from './items.ts';
export * from './quests.ts';
