/** The channel of session and user row changes (migration 0032); outside `public` it carries the schema. */
export const sessionChannel = 'waypoint_session';

/** What `changed` is called with when changes may have gone unheard: every user's. */
export const everyone = '*';

/**
 * Changes of logins heard from PostgreSQL: a trigger announces every change of a `session` or `user`
 * row with the user's id when its transaction commits (whichever process or code wrote it), and the
 * cache bus, which listens, hands them here. A process may keep the sessions it has read while it
 * hears these, and must drop a user's when told.
 */
export interface SessionChanges {
  /** True while changes are heard (never on SQLite: nothing may be kept). */
  readonly listening: boolean;
  /** Counts changes heard: a read that began before a change must not be kept. */
  readonly heardCount: number;
  /** `listener` is called with the user id of each change heard, or `everyone`. */
  onChange(listener: (userId: string) => void): void;
  /**
   * Resolves true once every change committed before the call has been heard (false: not
   * listening, nothing may be trusted). One round trip on the listening connection, shared by
   * every caller waiting at the time: PostgreSQL sends a listener the notifications committed
   * before a command's end ahead of its answer.
   */
  caughtUp(): Promise<boolean>;
  /** The cache bus: whether it listens now, and the round trip `caughtUp` makes (while it does not, nothing is kept). */
  setListening(listening: boolean, roundTrip?: () => Promise<unknown>): void;
  /** The cache bus: a change of `userId` (or `everyone`) was heard. */
  changed(userId: string): void;
}

export function createSessionChanges(): SessionChanges {
  const listeners: ((userId: string) => void)[] = [];
  let listening = false;
  let heardCount = 0;
  let roundTrip: (() => Promise<unknown>) | undefined;
  let running: Promise<boolean> | undefined;
  let following: Promise<boolean> | undefined;
  const start = (): Promise<boolean> => {
    const trip = roundTrip;
    const done = trip
      ? trip().then(
          () => listening,
          () => false,
        )
      : Promise.resolve(false);
    running = done;
    done.then(() => {
      if (running === done) running = undefined;
    });
    return done;
  };
  return {
    get listening() {
      return listening;
    },
    get heardCount() {
      return heardCount;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    caughtUp() {
      if (!listening) return Promise.resolve(false);
      if (!running) return start();
      // The round trip under way may have begun before this call: the next one answers it.
      following ??= running.then(() => {
        following = undefined;
        return start();
      });
      return following;
    },
    setListening(on, trip) {
      listening = on;
      roundTrip = on ? trip : undefined;
      // Whatever was kept may have changed unheard.
      this.changed(everyone);
    },
    changed(userId) {
      heardCount++;
      for (const listener of listeners) listener(userId);
    },
  };
}
