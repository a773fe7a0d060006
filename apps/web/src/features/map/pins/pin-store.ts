import { createStore, del, entries, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { PinWriteStore, QueuedPinWrite } from './pin-queue.ts';

let db: UseStore | undefined;

/** The queue's IndexedDB store, opened on first use. */
function store(): UseStore {
  db ??= createStore('waypoint-pins', 'writes');
  return db;
}

const key = (userId: string, target: string) => JSON.stringify([userId, target]);

/** The pin write queue in IndexedDB: it outlives reloads and is shared by the site's tabs. */
export const idbPinStore: PinWriteStore = {
  async all(userId) {
    const rows = await entries<string, QueuedPinWrite>(store());
    return rows.map(([, value]) => value).filter((value) => value?.userId === userId);
  },
  get: (userId, target) => get<QueuedPinWrite>(key(userId, target), store()),
  put: (entry) => set(key(entry.userId, entry.target), entry, store()),
  delete: (userId, target) => del(key(userId, target), store()),
  removeIf: (entry) =>
    store()('readwrite', (s) => {
      const k = key(entry.userId, entry.target);
      const current = s.get(k);
      current.onsuccess = () => {
        if ((current.result as QueuedPinWrite | undefined)?.stamp === entry.stamp) s.delete(k);
      };
      return promisifyRequest(s.transaction);
    }),
};
