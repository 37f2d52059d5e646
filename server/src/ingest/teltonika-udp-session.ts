// Teltonika over UDP: each datagram names its device (IMEI), so there is no handshake; a known
// device's records are stored and then acknowledged with the AVL packet id and the stored count. An
// unknown device gets no answer (identify lists it for provisioning). Codec 12/13 messages are
// stored without an answer, as over TCP. Server commands go over TCP only (no standing line here).
import { performance } from 'node:perf_hooks';
import { now } from '../clock';
import type { IngestSink } from './types';
import type { IngestLog } from './log';
import type { UdpHandler } from './udp';
import { decodeTeltonikaUdp, encodeTeltonikaUdpAck } from './protocols/teltonika-udp';

export interface TeltonikaUdpOptions {
  /** How long identify's answer for an IMEI is kept, real ms (default one minute). */
  identifyCacheMs?: number;
  /** IMEIs whose answer is kept at once (default 10,000). */
  maxCached?: number;
}

export function teltonikaUdpHandler(
  sink: IngestSink,
  log: IngestLog,
  opts: TeltonikaUdpOptions = {},
): UdpHandler {
  const cacheMs = opts.identifyCacheMs ?? 60_000;
  const maxCached = opts.maxCached ?? 10_000;
  const cache = new Map<string, { known: boolean; until: number }>();

  async function isKnown(imei: string, address: string): Promise<boolean> {
    const at = performance.now();
    const hit = cache.get(imei);
    if (hit && hit.until > at) return hit.known;
    const known = await sink.identify('teltonika', imei, address);
    cache.delete(imei);
    if (cache.size >= maxCached) {
      for (const [k, v] of cache) if (v.until <= at) cache.delete(k);
      // Still full: forget the oldest answers (a Map iterates in insertion order).
      for (const k of cache.keys()) {
        if (cache.size < maxCached) break;
        cache.delete(k);
      }
    }
    cache.set(imei, { known, until: at + cacheMs });
    return known;
  }

  return async (datagram, remote, reply) => {
    const pkt = decodeTeltonikaUdp(datagram, 0, datagram.length, now());
    if (pkt.kind !== 'packet') return false;
    const { imei, data } = pkt;
    let known: boolean;
    try {
      known = await isKnown(imei, remote.address);
    } catch (err) {
      // No answer: the device sends the packet again later.
      log.error({ protocol: 'teltonika', imei, err }, 'teltonika: identify failed');
      return true;
    }
    if (!known) {
      log.debug({ protocol: 'teltonika', imei, remote }, 'teltonika: unknown udp device ignored');
      return true;
    }
    if (data.status === 'ignored') return true;
    if (data.status !== 'ok' && data.status !== 'serial') {
      log.warn(
        { protocol: 'teltonika', deviceId: imei, codec: data.codec },
        `teltonika: ${data.status} udp packet dropped`,
      );
      return false;
    }
    if (data.records.length) {
      try {
        await sink.submit(data.records);
      } catch (err) {
        log.warn(
          { protocol: 'teltonika', deviceId: imei, err },
          'teltonika: not stored, no ack sent',
        );
        return true;
      }
    }
    // Codec 12/13 messages are not acknowledged (over TCP neither).
    if (data.status === 'ok')
      reply(encodeTeltonikaUdpAck(pkt.packetId, pkt.avlPacketId, data.count));
    return true;
  };
}
