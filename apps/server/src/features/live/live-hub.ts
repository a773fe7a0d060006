import type { ServerResponse } from 'node:http';
import type { LiveEventKind } from '@waypoint/shared/live/events';
import type { LiveMessage } from '../../db/live-outbox.ts';

/** A message as every process hears it from the bus: with the id the publishing process gave it. */
export type NumberedMessage = LiveMessage & { id: string };

/** One open stream: a page's EventSource. */
export interface LiveStream {
  readonly userId: string | undefined;
  readonly sessionId: string | undefined;
  /** When its session expires (ms since the epoch). */
  readonly expiresAt: number | undefined;
  readonly gameId: string | undefined;
  readonly res: ServerResponse;
}

interface Buffered {
  id: string;
  kind: LiveEventKind;
  userIds: readonly string[] | undefined;
  gameId: string | undefined;
  /** The event as sent, serialized once for every stream it goes to. */
  frame: string;
}

export interface LiveHubOptions {
  maxStreams: number;
  streamsPerUser: number;
  bufferEvents: number;
  maxQueuedBytes: number;
  heartbeatMs: number;
  onDropped?: (reason: 'slow' | 'session') => void;
}

export type OpenRefusal = 'process' | 'user';

const frameOf = (id: string, kind: string, data: unknown) =>
  `id: ${id}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open streams of this process and the last events, for streams that resume. Streams are kept
 * by user and by game, so an event is written only to the streams it is for; each event is
 * serialized once. A stream whose client does not read (more than `maxQueuedBytes` waiting in its
 * socket) is dropped rather than buffered without end: it reconnects and resumes.
 */
export function createLiveHub(options: LiveHubOptions) {
  const all = new Set<LiveStream>();
  const byUser = new Map<string, Set<LiveStream>>();
  const byGame = new Map<string, Set<LiveStream>>();
  const buffer: Buffered[] = [];
  /** Position of each buffered id, counted over every event since start (`buffer[0]` is `dropped`). */
  const position = new Map<string, number>();
  let dropped = 0;

  const add = (index: Map<string, Set<LiveStream>>, key: string | undefined, stream: LiveStream) => {
    if (key === undefined) return;
    const set = index.get(key);
    if (set) set.add(stream);
    else index.set(key, new Set([stream]));
  };
  const remove = (index: Map<string, Set<LiveStream>>, key: string | undefined, stream: LiveStream) => {
    if (key === undefined) return;
    const set = index.get(key);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) index.delete(key);
  };

  function forget(stream: LiveStream) {
    if (!all.delete(stream)) return;
    remove(byUser, stream.userId, stream);
    remove(byGame, stream.gameId, stream);
  }

  function end(stream: LiveStream) {
    forget(stream);
    stream.res.end();
  }

  function write(stream: LiveStream, chunk: string) {
    const res = stream.res;
    if (res.destroyed || res.writableEnded) return forget(stream);
    // Node buffers what the socket does not take: past the bound the client is not reading.
    if (res.writableLength > options.maxQueuedBytes) {
      forget(stream);
      res.destroy();
      options.onDropped?.('slow');
      return;
    }
    res.write(chunk);
  }

  const isFor = (stream: LiveStream, event: Buffered) =>
    event.userIds
      ? stream.userId !== undefined && event.userIds.includes(stream.userId)
      : event.gameId !== undefined && event.gameId === stream.gameId;

  function remember(event: Buffered) {
    buffer.push(event);
    position.set(event.id, dropped + buffer.length - 1);
    // Trimmed in steps, so that a busy process does not shift the array on every event.
    if (buffer.length > options.bufferEvents * 1.25) {
      const out = buffer.splice(0, buffer.length - options.bufferEvents);
      for (const old of out) position.delete(old.id);
      dropped += out.length;
    }
  }

  const newestId = () => buffer[buffer.length - 1]?.id ?? '';

  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const stream of all) {
      if (stream.expiresAt !== undefined && stream.expiresAt <= now) {
        end(stream);
        options.onDropped?.('session');
      } else write(stream, ':\n\n');
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    get size() {
      return all.size;
    },
    /** Why a stream may not open now (too many on this process, or of this user), if so. */
    refusal(userId: string | undefined): OpenRefusal | undefined {
      if (all.size >= options.maxStreams) return 'process';
      if (userId !== undefined && (byUser.get(userId)?.size ?? 0) >= options.streamsPerUser) return 'user';
      return undefined;
    },
    /**
     * Starts the stream on `res` (headers written here) and sends what it missed since
     * `lastEventId`: the buffered events for it after that one, or a reset when that id is no longer
     * (or never was) kept here.
     */
    open(stream: LiveStream, lastEventId: string | undefined) {
      all.add(stream);
      add(byUser, stream.userId, stream);
      add(byGame, stream.gameId, stream);
      stream.res.on('close', () => forget(stream));
      // The retry hint is for EventSource's own reconnection; the client also backs off itself.
      let head = 'retry: 3000\n:\n\n';
      // A new stream learns the newest id, so that its reconnection resumes from its start.
      if (lastEventId === undefined) head += frameOf(newestId(), 'hello', {});
      else {
        const at = position.get(lastEventId);
        if (at === undefined) head += frameOf(newestId(), 'reset', { reason: 'too-old' });
        else
          for (let i = at - dropped + 1; i < buffer.length; i++) {
            const event = buffer[i] as Buffered;
            if (isFor(stream, event)) head += event.frame;
          }
      }
      write(stream, head);
    },
    /** An event heard from the bus: kept for resuming, and written to the streams it is for. */
    deliver(message: NumberedMessage) {
      const event: Buffered = {
        id: message.id,
        kind: message.kind,
        userIds: message.userIds,
        gameId: message.userIds ? undefined : message.gameId,
        frame: frameOf(message.id, message.kind, message.data),
      };
      remember(event);
      if (event.userIds) {
        for (const userId of event.userIds)
          for (const stream of byUser.get(userId) ?? []) write(stream, event.frame);
      } else if (event.gameId !== undefined) {
        for (const stream of byGame.get(event.gameId) ?? []) write(stream, event.frame);
      }
    },
    /**
     * Events may have gone unheard (the bus was not listening): every stream is told to refetch,
     * and the events kept before cannot resume anyone any more.
     */
    gap(id: string) {
      for (const old of buffer) position.delete(old.id);
      dropped += buffer.length;
      buffer.length = 0;
      const event: Buffered = {
        id,
        kind: 'reset',
        userIds: [],
        gameId: undefined,
        frame: frameOf(id, 'reset', { reason: 'gap' }),
      };
      remember(event);
      for (const stream of all) write(stream, event.frame);
    },
    /** Signed-in streams of `userId` (all signed-in streams when undefined), for their sessions' check. */
    signedIn(userId?: string): LiveStream[] {
      if (userId !== undefined) return [...(byUser.get(userId) ?? [])];
      return [...all].filter((s) => s.sessionId !== undefined);
    },
    /** Ends streams whose session has ended. */
    endAll(streams: Iterable<LiveStream>) {
      for (const stream of streams) {
        end(stream);
        options.onDropped?.('session');
      }
    },
    close() {
      clearInterval(heartbeat);
      for (const stream of [...all]) end(stream);
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
