// The shared TCP layer against a device that sends noise (issue 18): garbage between good frames is
// skipped and the line kept, but a connection that sends only garbage past the limit is cut off,
// counted in the gateway's figures and logged, while the gateway goes on serving other devices.
import { afterEach, describe, expect, it } from 'vitest';
import { gt06Session } from '../../../src/ingest/gt06-session';
import type { IngestLog } from '../../../src/ingest/log';
import { encodeGt06Location, encodeGt06Login } from '../../../src/ingest/protocols/gt06-encode';
import { startTcpGateway, type TcpGateway } from '../../../src/ingest/tcp';
import { connect } from './client';
import { FakeSink } from './fakes';

const IMEI = '862798052429087';
const fix = (i: number) => ({
  time: Date.UTC(2026, 10, 21, 10, 0, i),
  lat: -33.92,
  lon: 18.42,
  speed: 40,
  course: 90,
  satellites: 8,
  valid: true,
});

let gateway: TcpGateway | null = null;
afterEach(async () => {
  await gateway?.close();
  gateway = null;
});

function recordingLog() {
  const warnings: string[] = [];
  const log: IngestLog = {
    info: () => {},
    debug: () => {},
    error: () => {},
    warn: (_o, msg) => void warnings.push(msg ?? ''),
  };
  return { log, warnings };
}

async function start(sink: FakeSink, log: IngestLog) {
  gateway = await startTcpGateway({
    protocol: 'gt06',
    port: 0,
    host: '127.0.0.1',
    idleTimeoutMs: 10_000,
    log,
    maxGarbage: 4096,
    createSession: (conn) => gt06Session(conn, sink, log),
  });
  return gateway;
}

const noise = (n: number) => Buffer.alloc(n, 0x41);

describe('TCP gateway garbage handling', () => {
  it('keeps a line whose garbage stays under the limit between good frames', async () => {
    const sink = new FakeSink();
    const g = await start(sink, recordingLog().log);
    const c = await connect(g.port);
    c.send(encodeGt06Login(IMEI, 1));
    await c.waitBytes(10);
    for (let i = 0; i < 3; i++) {
      // 3 KiB of noise each time, 9 KiB in all: more than the limit, but never in one run.
      c.send(Buffer.concat([noise(3000), encodeGt06Location(fix(i), i + 2)]));
      await sink.waitFor(i + 1);
    }
    expect(sink.records).toHaveLength(3);
    expect(c.socket.destroyed).toBe(false);
    expect(g.stats()).toMatchObject({ connections: 1, open: 1, garbageFloods: 0, frames: 4 });
    expect(g.stats().garbageBytes).toBe(9000);
    c.close();
  });

  it('cuts off a device flooding garbage, counts and logs it, and serves the others', async () => {
    const sink = new FakeSink();
    const { log, warnings } = recordingLog();
    const g = await start(sink, log);
    const good = await connect(g.port);
    good.send(encodeGt06Login(IMEI, 1));
    await good.waitBytes(10);

    const bad = await connect(g.port);
    for (let i = 0; i < 10; i++) bad.send(noise(1000));
    await bad.waitClose();
    expect(g.stats().garbageFloods).toBe(1);
    expect(warnings).toContain('gateway: garbage flood, disconnected');

    good.send(encodeGt06Location(fix(1), 2));
    await sink.waitFor(1);
    expect(sink.records[0]).toMatchObject({ deviceId: IMEI, lat: -33.92 });
    await expect.poll(() => g.stats()).toMatchObject({ connections: 2, open: 1 });
    good.close();
  });
});
