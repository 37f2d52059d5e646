// The simulator's history: the past the demo fleet drove before the server started, written
// through the pipeline in bulk instead of replayed through the gateways (a week at 600× would take
// 17 minutes; in bulk it takes seconds). Each report is encoded as its tracker would send it and
// decoded by the gateway's own decoder, so stored history is the same data the live feed gives.
import { decodeGt06 } from '../ingest/protocols/gt06';
import { decodeOsmand } from '../ingest/protocols/osmand';
import { encodeOsmandJson } from '../ingest/protocols/osmand-encode';
import { decodeTeltonikaAvl } from '../ingest/protocols/teltonika';
import { encodeTeltonikaAvl } from '../ingest/protocols/teltonika-encode';
import type { DeviceRecord, Protocol } from '../ingest/types';
import { decodeH02 } from '../ingest/protocols/h02';
import { decodeMeitrack } from '../ingest/protocols/meitrack';
import { decodeQueclink } from '../ingest/protocols/queclink';
import { gt06Packet } from './gt06-device';
import { h02Packet } from './h02-device';
import { meitrackPacket } from './meitrack-device';
import { queclinkPacket } from './queclink-device';
import { osmandFix } from './osmand-device';
import { toAvlRecord } from './teltonika-device';
import type { SimReport } from './vehicle';

/** Reports per encoded packet, as the trackers batch a backlog. */
const PACKET_REPORTS = 50;

/** The records the gateway would decode from these reports of one device. */
export function recordsOf(
  deviceId: string,
  protocol: Protocol,
  reports: SimReport[],
): DeviceRecord[] {
  const out: DeviceRecord[] = [];
  // H02 raises an alarm when its status bit turns active: the last status word, as its session keeps.
  let h02Status: number | undefined;
  for (let i = 0; i < reports.length; i += PACKET_REPORTS) {
    const batch = reports.slice(i, i + PACKET_REPORTS);
    switch (protocol) {
      case 'teltonika': {
        const bytes = encodeTeltonikaAvl(batch.map(toAvlRecord));
        const result = decodeTeltonikaAvl(bytes, 0, bytes.length, deviceId);
        if (result.status !== 'ok') throw new Error(`sim history: teltonika ${result.status}`);
        out.push(...result.records);
        break;
      }
      case 'osmand': {
        const body = encodeOsmandJson(batch.map((r) => osmandFix(deviceId, r)));
        const request = { method: 'POST', url: '/', contentType: 'application/json', body };
        const result = decodeOsmand(request, batch[batch.length - 1].time);
        if (!result.ok) throw new Error(`sim history: osmand ${result.error}`);
        out.push(...result.records);
        break;
      }
      case 'gt06':
        batch.forEach((r, k) => {
          const { bytes } = gt06Packet(r, (i + k) & 0xffff);
          // A heartbeat carries no time of its own: the gateway stamps it when it arrives.
          const result = decodeGt06(bytes, 0, bytes.length, deviceId, r.time);
          if (result.kind === 'data') out.push(...result.records);
        });
        break;
      case 'h02':
        batch.forEach((r, k) => {
          const bytes = h02Packet(r, i + k, deviceId);
          const ctx = { deviceId, now: r.time, previous: () => h02Status };
          const result = decodeH02(bytes, 0, bytes.length, ctx);
          if (result.kind !== 'records') return;
          out.push(...result.records);
          const status = result.records.at(-1)?.attributes.status;
          if (typeof status === 'number') h02Status = status;
        });
        break;
      case 'meitrack':
        batch.forEach((r, k) => {
          const bytes = meitrackPacket(r, i + k, deviceId);
          const result = decodeMeitrack(bytes, 0, bytes.length, { now: r.time });
          if (result.kind === 'data') out.push(...result.records);
        });
        break;
      case 'queclink':
        batch.forEach((r, k) => {
          const bytes = queclinkPacket(r, i + k, deviceId);
          // A report may be several messages (an event and its position) in one write.
          for (let at = 0; at < bytes.length;) {
            const end = bytes.indexOf(0x24, at) + 1 || bytes.length;
            const result = decodeQueclink(bytes, at, end - at, r.time);
            if (result.kind === 'data') out.push(...result.records);
            at = end;
          }
        });
        break;
    }
  }
  return out;
}
