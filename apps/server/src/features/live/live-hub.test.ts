import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLiveHub } from './live-hub.ts';

/** A response whose client reads nothing once `stalled`: what it is written stays waiting. */
class FakeResponse extends EventEmitter {
  written = '';
  writableLength = 0;
  destroyed = false;
  writableEnded = false;
  stalled = false;
  write(chunk: string) {
    this.written += chunk;
    if (this.stalled) this.writableLength += chunk.length;
    return !this.stalled;
  }
  end() {
    this.writableEnded = true;
  }
  destroy() {
    this.destroyed = true;
  }
}

const hubOf = () =>
  createLiveHub({
    maxStreams: 10,
    streamsPerUser: 2,
    bufferEvents: 4,
    maxQueuedBytes: 1000,
    heartbeatMs: 60_000,
  });

const streamOf = (res: FakeResponse, userId?: string, gameId = 'g1') => ({
  userId,
  sessionId: userId ? `s-${userId}` : undefined,
  expiresAt: undefined,
  gameId,
  res: res as unknown as ServerResponse,
});

const content = (n: number) => ({
  id: `o-${n}`,
  kind: 'content' as const,
  gameId: 'g1',
  data: { gameId: 'g1', mapIds: ['m'], models: ['placedmarker'] },
});

describe('live hub', () => {
  it('drops a client that does not read instead of buffering for it without end', () => {
    const hub = hubOf();
    const slow = new FakeResponse();
    const fast = new FakeResponse();
    hub.open(streamOf(slow), undefined);
    hub.open(streamOf(fast), undefined);
    slow.stalled = true;
    for (let n = 0; n < 30; n++) hub.deliver(content(n));
    expect(slow.destroyed).toBe(true);
    expect(hub.size).toBe(1);
    expect(fast.written.match(/event: content/g)).toHaveLength(30);
    hub.close();
  });

  it('keeps a bounded buffer: an id pushed out of it resumes with a reset', () => {
    const hub = hubOf();
    for (let n = 0; n < 10; n++) hub.deliver(content(n));
    const recent = new FakeResponse();
    hub.open(streamOf(recent), 'o-8');
    expect(recent.written).toContain('id: o-9\n');
    expect(recent.written).not.toContain('id: o-8\n');
    const old = new FakeResponse();
    hub.open(streamOf(old), 'o-1');
    expect(old.written).toContain('event: reset\ndata: {"reason":"too-old"}');
    expect(old.written).toContain('id: o-9\n');
    hub.close();
  });

  it('tells every stream to refetch after a gap, and resumes from the gap on', () => {
    const hub = hubOf();
    const res = new FakeResponse();
    hub.open(streamOf(res, 'u1'), undefined);
    hub.deliver(content(1));
    hub.gap('o-gap');
    expect(res.written).toContain('id: o-gap\nevent: reset\ndata: {"reason":"gap"}');
    hub.deliver(content(2));
    const again = new FakeResponse();
    hub.open(streamOf(again, 'u1'), 'o-gap');
    expect(again.written).toContain('id: o-2\n');
    const before = new FakeResponse();
    hub.open(streamOf(before), 'o-1');
    expect(before.written).toContain('"reason":"too-old"');
    hub.close();
  });
});
