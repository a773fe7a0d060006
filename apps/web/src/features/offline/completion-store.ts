import { createStore, entries, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { CompletionStore, QueuedCompletion } from './completion-queue.ts';

let db: UseStore | undefined;

/** The queue's IndexedDB store, opened on first use. */
function store(): UseStore {
  db ??= createStore('waypoint-offline', 'completions');
  return db;
}

const key = (entry: Pick<QueuedCompletion, 'userId' | 'markerId'>) =>
  JSON.stringify([entry.userId, entry.markerId]);

/** The completion queue in IndexedDB: it outlives reloads and is shared by the site's tabs. */
export const idbCompletionStore: CompletionStore = {
  async all(userId) {
    const rows = await entries<string, QueuedCompletion>(store());
    return rows.map(([, value]) => value).filter((value) => value?.userId === userId);
  },
  put: (entry) => set(key(entry), entry, store()),
  removeIf: (entry) =>
    store()('readwrite', (s) => {
      const current = s.get(key(entry));
      current.onsuccess = () => {
        if ((current.result as QueuedCompletion | undefined)?.stamp === entry.stamp) s.delete(key(entry));
      };
      return promisifyRequest(s.transaction);
    }),
};
