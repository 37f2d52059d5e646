// The bus over NATS (issue 17): what one process publishes reaches its own handlers once and every
// other process's; without NATS the test says why it did not run.
import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectNats } from '../../src/live/nats';
import { createNatsBus } from '../../src/live/nats-bus';
import type { Bus } from '../../src/live/bus';
import { natsReachable, NATS_URL } from '../support/nats';

const quiet = { info() {}, warn() {} };
const reachable = await natsReachable();
if (!reachable) console.warn(`NATS bus tests skipped: no NATS server at ${NATS_URL}`);

describe.runIf(reachable)('bus over NATS', () => {
  let a: NatsConnection;
  let b: NatsConnection;
  let busA: Bus;
  let busB: Bus;
  beforeAll(async () => {
    a = await connectNats(NATS_URL, quiet);
    b = await connectNats(NATS_URL, quiet);
    // A subject of this run's own, so parallel runs on the machine do not hear each other.
    const subject = `test.bus.${randomUUID().slice(0, 8)}`;
    busA = createNatsBus(a, { subject });
    busB = createNatsBus(b, { subject });
  });
  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await a?.close();
    await b?.close();
  });

  it("delivers a message to the publisher's handlers once and to the other process's", async () => {
    const onA = vi.fn();
    const onB = vi.fn();
    busA.subscribe('session_revoked', onA);
    busB.subscribe('session_revoked', onB);
    const otherTopic = vi.fn();
    busB.subscribe('unit', otherTopic);

    busA.publish('session_revoked', { sessionIds: [41, 42] });
    expect(onA).toHaveBeenCalledTimes(1); // at once, as on the memory bus
    await vi.waitFor(() => expect(onB).toHaveBeenCalledWith({ sessionIds: [41, 42] }));

    busB.publish('session_revoked', { userId: 7 });
    await vi.waitFor(() => expect(onA).toHaveBeenCalledWith({ userId: 7 }));
    await a.flush();
    await b.flush();
    expect(onA).toHaveBeenCalledTimes(2);
    expect(onB).toHaveBeenCalledTimes(2);
    expect(otherTopic).not.toHaveBeenCalled();
  });

  it('keeps the order of one publisher', async () => {
    const seen: number[] = [];
    busB.subscribe('outbox_queued', (m) => seen.push(m.count));
    for (let i = 0; i < 200; i++) busA.publish('outbox_queued', { count: i });
    await vi.waitFor(() => expect(seen).toHaveLength(200));
    expect(seen).toEqual([...Array(200).keys()]);
  });
});
