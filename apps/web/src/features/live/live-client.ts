import { type LiveEventData, type LiveEventKind, liveEventKinds } from '@waypoint/shared/live/events';

/** What the client needs of the page: kept apart so that tests drive it with fakes. */
export interface LiveDeps {
  /** The API's base address (`/api`). */
  apiBase: string;
  /** The signed-in user's id, or undefined for a guest. */
  userId(): string | undefined;
  /** A one-use stream ticket, asked with the page's bearer token. */
  ticket(): Promise<string>;
  /** Called with the page's visibility changes and session changes; answers its unsubscribe. */
  onVisibility(listener: () => void): () => void;
  hidden(): boolean;
  onSession(listener: () => void): () => void;
  createEventSource(url: string): EventSource;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  random(): number;
}

export type LiveHandler<K extends LiveEventKind> = (
  data: LiveEventData[K],
  userId: string | undefined,
) => void;
type AnyHandler = (data: unknown, userId: string | undefined) => void;

/** Ids of events applied, kept to refuse one seen again (a resume that overlaps). */
const SEEN_KEPT = 500;
/** First wait before reconnecting; doubles up to the most. */
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** How long the stream stays open after the last part of the page let it go. */
const LINGER_MS = 3_000;
/** A page hidden this long closes its stream (reopened, resuming, when shown). */
const HIDDEN_CLOSE_MS = 5 * 60_000;

/**
 * The one live stream of a tab: opened while some part of the page wants it (`acquire`), for the
 * game it names, as the signed-in user (a one-use ticket per connection) or as a guest. It resumes
 * with the last event's id after a drop, with a growing, jittered wait; closes while the page is
 * hidden long and when nobody wants it; starts over as the other user (or guest) when the session
 * changes. Every event is handed once to the handlers of its kind, whatever arrives twice.
 */
export class LiveClient {
  private source: EventSource | undefined;
  private wanted = new Map<symbol, string | undefined>();
  private handlers = new Map<LiveEventKind, Set<AnyHandler>>();
  private seen = new Set<string>();
  private lastEventId: string | undefined;
  private retryTimer: unknown;
  private hiddenTimer: unknown;
  private lingerTimer: unknown;
  private attempt = 0;
  /** What the open (or opening) stream is for: user and game. */
  private openFor: string | undefined;
  private generation = 0;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly deps: LiveDeps) {}

  /** A part of the page wants the stream, for `gameId`'s content; answers its release. */
  acquire(gameId: string | undefined): () => void {
    const key = Symbol('live');
    if (this.lingerTimer !== undefined) {
      this.deps.clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
    } else if (this.wanted.size === 0) this.start();
    this.wanted.set(key, gameId);
    this.sync();
    return () => {
      this.wanted.delete(key);
      if (this.wanted.size > 0) return this.sync();
      // A page that follows at once (the map after the tracker) keeps the stream.
      this.lingerTimer = this.deps.setTimeout(() => {
        this.lingerTimer = undefined;
        if (this.wanted.size === 0) this.stop();
      }, LINGER_MS);
    };
  }

  on<K extends LiveEventKind>(kind: K, handler: LiveHandler<K>): () => void {
    let set = this.handlers.get(kind);
    if (!set) {
      set = new Set();
      this.handlers.set(kind, set);
    }
    set.add(handler as AnyHandler);
    return () => set.delete(handler as AnyHandler);
  }

  /** Whether a stream is open or opening (for tests and the probe). */
  get connected(): boolean {
    return this.source !== undefined;
  }

  private start() {
    this.unsubscribe = [
      this.deps.onVisibility(() => this.visibilityChanged()),
      // Another user (or none): what was seen was theirs.
      this.deps.onSession(() => {
        this.lastEventId = undefined;
        this.seen.clear();
        this.sync();
      }),
    ];
  }

  private stop() {
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    this.close();
    this.deps.clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
  }

  /** The game the stream follows: the last one asked for. */
  private game(): string | undefined {
    let game: string | undefined;
    for (const g of this.wanted.values()) if (g !== undefined) game = g;
    return game;
  }

  private target(): string | undefined {
    const userId = this.deps.userId();
    const game = this.game();
    if (!userId && !game) return undefined;
    return `${userId ?? ''}|${game ?? ''}`;
  }

  /** Opens, reopens or closes the stream to match what is wanted now. */
  private sync() {
    if (this.wanted.size === 0) return;
    const target = this.target();
    // Open, opening or waiting to reconnect for the same user and game: nothing to do.
    if (target === this.openFor) return;
    this.close();
    this.attempt = 0;
    if (target !== undefined && !this.deps.hidden()) void this.connect(target);
  }

  private close() {
    this.generation++;
    this.source?.close();
    this.source = undefined;
    this.openFor = undefined;
    this.deps.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private async connect(target: string) {
    const generation = ++this.generation;
    this.openFor = target;
    const game = this.game();
    const params = new URLSearchParams();
    if (game) params.set('game', game);
    if (this.lastEventId) params.set('lastEventId', this.lastEventId);
    try {
      if (this.deps.userId()) params.set('ticket', await this.deps.ticket());
    } catch {
      if (generation === this.generation) this.retry(target);
      return;
    }
    if (generation !== this.generation) return;
    const source = this.deps.createEventSource(`${this.deps.apiBase}/live?${params}`);
    this.source = source;
    for (const kind of Object.keys(liveEventKinds) as LiveEventKind[])
      source.addEventListener(kind, (event) => this.received(kind, event as MessageEvent<string>));
    source.addEventListener('open', () => {
      this.attempt = 0;
    });
    // The browser's own reconnection would reuse a ticket already taken: this client reconnects.
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      source.close();
      this.source = undefined;
      this.retry(target);
    });
  }

  private retry(target: string) {
    const wait = Math.min(MAX_RETRY_MS, RETRY_MS * 2 ** this.attempt) * (0.5 + this.deps.random());
    this.attempt++;
    this.retryTimer = this.deps.setTimeout(() => {
      this.retryTimer = undefined;
      if (this.target() === target && !this.deps.hidden()) void this.connect(target);
    }, wait);
  }

  private received(kind: LiveEventKind, event: MessageEvent<string>) {
    const id = event.lastEventId;
    // An empty id (a reset from a process that has kept nothing yet) starts over without one.
    if (!id) this.lastEventId = undefined;
    else {
      if (this.seen.has(id)) return;
      this.seen.add(id);
      if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value as string);
      this.lastEventId = id;
    }
    let data: unknown;
    try {
      data = JSON.parse(event.data);
    } catch {
      return;
    }
    const userId = this.deps.userId();
    for (const handler of this.handlers.get(kind) ?? []) handler(data, userId);
  }

  private visibilityChanged() {
    if (this.deps.hidden()) {
      this.hiddenTimer ??= this.deps.setTimeout(() => {
        this.hiddenTimer = undefined;
        this.close();
      }, HIDDEN_CLOSE_MS);
      return;
    }
    this.deps.clearTimeout(this.hiddenTimer);
    this.hiddenTimer = undefined;
    this.sync();
  }
}
