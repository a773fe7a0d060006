export * from './definitions.ts';
export * from './marker-data.ts';
export * from './quests.ts';
export * from './routing.ts';
export * from './suggested-markers.ts';
export * from './view-url.ts';
