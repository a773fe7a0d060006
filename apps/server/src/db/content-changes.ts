/**
 * Content changes as the cache bus hears them (PostgreSQL): every write of content in any process
 * counts one. Lookups of content a process keeps (a marker's map, a quest's game) are good while
 * the count is the one they were read at, and only while the bus listens; on SQLite nothing is kept.
 */
export interface ContentChanges {
  readonly listening: boolean;
  readonly generation: number;
  /** The cache bus: content changed here or in another process. */
  changed(): void;
  /** The cache bus: whether changes are heard now. */
  setListening(listening: boolean): void;
}

export function createContentChanges(): ContentChanges {
  let listening = false;
  let generation = 0;
  return {
    get listening() {
      return listening;
    },
    get generation() {
      return generation;
    },
    changed() {
      generation++;
    },
    setListening(on) {
      listening = on;
      generation++;
    },
  };
}

/** Entries kept per lookup; beyond, it starts over. */
const MAX_KEPT = 100_000;

/**
 * `read` kept per key while no content changed (`changes`), only while changes are heard; a read
 * that answers undefined is not kept.
 */
export function keptLookup<V>(changes: ContentChanges, read: (key: string) => Promise<V | undefined>) {
  const kept = new Map<string, V>();
  let keptAt = -1;
  return async (key: string): Promise<V | undefined> => {
    if (!changes.listening) return read(key);
    if (keptAt !== changes.generation) {
      kept.clear();
      keptAt = changes.generation;
    }
    const found = kept.get(key);
    if (found !== undefined) return found;
    const at = changes.generation;
    const value = await read(key);
    if (value !== undefined && changes.listening && changes.generation === at) {
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
