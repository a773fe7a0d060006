import http from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/** An open event stream read as EventSource reads it: its events, its end. */
export interface SseStream {
  status: number;
  events: SseEvent[];
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  /** Resolves with the events once `done` says yes (or rejects after `ms`). */
  until(done: (events: SseEvent[]) => boolean, ms?: number): Promise<SseEvent[]>;
  close(): void;
  body?: string;
  /** The id of the stream's `hello` (where a reconnection would resume from). */
  helloId?: string;
}

/** Opens `path` on the listening app at `origin` as an event stream. */
export function openStream(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { headers: { accept: 'text/event-stream', ...headers } });
    request.on('error', reject);
    request.on('response', (res) => {
      const events: SseEvent[] = [];
      const waiters = new Set<() => void>();
      let ended = false;
      let text = '';
      let endResolve: () => void = () => {};
      const endedPromise = new Promise<void>((r) => {
        endResolve = r;
      });
      const finish = () => {
        ended = true;
        endResolve();
        for (const w of waiters) w();
      };
      res.setEncoding('utf8');
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        events,
        ended: endedPromise,
        isEnded: () => ended,
        until(done, ms = 3000) {
          return new Promise((ok, fail) => {
            const check = () => {
              if (done(events)) {
                waiters.delete(check);
                clearTimeout(timer);
                ok(events);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`stream: not there in ${ms} ms; got ${JSON.stringify(events)}`));
            }, ms);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      };
      if (stream.status !== 200) {
        let body = '';
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ ...stream, body }));
        return;
      }
      res.on('data', (chunk: string) => {
        text += chunk;
        let cut = text.indexOf('\n\n');
        while (cut >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          let id: string | undefined;
          let event = 'message';
          let data = '';
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') {
              data += value;
              hasData = true;
            }
          }
          // A new stream's first event (its starting id) is kept apart from what tests count.
          if (hasData && event === 'hello') stream.helloId = id;
          else if (hasData) events.push({ id, event, data: JSON.parse(data) });
          cut = text.indexOf('\n\n');
        }
        for (const w of [...waiters]) w();
      });
      res.on('end', finish);
      res.on('close', finish);
      resolve(stream);
    });
  });
}
