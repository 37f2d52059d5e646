// The step every session of a protocol that names the device in its messages takes (H02, Meitrack,
// Queclink): ask the pipeline whether the device is provisioned (identify lists an unknown one for
// provisioning) and read the model set on its unit, logging what the device cannot be told.
import type { IngestLog } from './log';
import type { IngestSink, Protocol } from './types';

/** A provisioned device: the model set on its unit (null: the protocol's standard layout). */
export interface IdentifiedDevice {
  model: string | null;
}

/**
 * The device if it is provisioned, else null: unknown (logged as refused) or the lookup failed
 * (logged; the device sends again later). Never throws.
 */
export async function identifyDevice(
  sink: IngestSink,
  log: IngestLog,
  protocol: Protocol,
  deviceId: string,
  remoteAddress: string,
): Promise<IdentifiedDevice | null> {
  let ok: boolean;
  try {
    ok = await sink.identify(protocol, deviceId, remoteAddress);
  } catch (err) {
    log.error({ protocol, deviceId, err }, `${protocol}: identify failed`);
    return null;
  }
  if (!ok) {
    // These protocols have no refusal message: closing the connection is the refusal.
    log.info({ protocol, deviceId, remoteAddress }, `${protocol}: unknown device refused`);
    return null;
  }
  let model: string | null = null;
  try {
    model = (await sink.deviceModel?.(protocol, deviceId)) ?? null;
  } catch (err) {
    log.warn({ protocol, deviceId, err }, `${protocol}: device model not read, none assumed`);
  }
  return { model };
}
