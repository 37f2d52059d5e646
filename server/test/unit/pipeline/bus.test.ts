// The in-process event bus the pipeline publishes to (live/bus.ts).
import { describe, expect, it } from 'vitest';
import { createMemoryBus, type UnitUpdateMessage } from '../../../src/live/bus';

const msg = (uid: number): UnitUpdateMessage => ({ client_id: 1, uid, park_state: 1 });

describe('memory bus', () => {
  it('delivers to the subscribers of a topic, in publish order, until they unsubscribe', () => {
    const bus = createMemoryBus();
    const a: number[] = [];
    const b: number[] = [];
    const offA = bus.subscribe('unit', (m) => a.push(m.uid));
    bus.subscribe('unit', (m) => b.push(m.uid));
    bus.subscribe('device_event', () => a.push(-1));
    bus.publish('unit', msg(1));
    bus.publish('unit', msg(2));
    offA();
    bus.publish('unit', msg(3));
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1, 2, 3]);
  });

  it('keeps delivering when a subscriber throws, and reports the failure', () => {
    const errors: string[] = [];
    const bus = createMemoryBus({
      onError: (err, topic) => errors.push(`${topic}: ${(err as Error).message}`),
    });
    const got: number[] = [];
    bus.subscribe('unit', () => {
      throw new Error('hub gone');
    });
    bus.subscribe('unit', (m) => got.push(m.uid));
    bus.publish('unit', msg(7));
    expect(got).toEqual([7]);
    expect(errors).toEqual(['unit: hub gone']);
  });

  it('lets a handler unsubscribe itself while a message is delivered', () => {
    const bus = createMemoryBus();
    const got: string[] = [];
    const off = bus.subscribe('unit', () => {
      got.push('once');
      off();
    });
    bus.subscribe('unit', () => got.push('always'));
    bus.publish('unit', msg(1));
    bus.publish('unit', msg(2));
    expect(got).toEqual(['once', 'always', 'always']);
  });

  it('carries the other topics of the map too, and forgets everything on close', async () => {
    const bus = createMemoryBus();
    const got: unknown[] = [];
    bus.subscribe('units_changed', (m) => got.push(m));
    bus.publish('units_changed', { clientId: 4 });
    await bus.close();
    bus.publish('units_changed', { clientId: 5 });
    expect(got).toEqual([{ clientId: 4 }]);
  });
});

describe('bus typing', () => {
  it('takes only the topics of the map, each with its own message shape', () => {
    const bus = createMemoryBus();
    const got: number[] = [];
    bus.subscribe('unit_device_changed', (m) => got.push(m.uid));
    bus.publish('unit_device_changed', { uid: 9 });
    // tsc (npx tsc -p server) fails if a raw topic or a wrong payload gets through again.
    // @ts-expect-error: not a topic of BusMessages
    bus.publish('unit_devices_changed', { uid: 9 });
    // @ts-expect-error: units_changed carries clientId, not client_id
    bus.publish('units_changed', { client_id: 9 });
    expect(got).toEqual([9]);
  });
});
