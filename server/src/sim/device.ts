// What the simulator needs from a simulated tracker: accept reports, deliver them reliably.
import type { SimReport } from './vehicle';

export interface SimDevice {
  /** Queues a report; the device delivers it when the server acknowledges. */
  push(report: SimReport): void;
  /** Reports queued and not yet acknowledged. */
  readonly pending: number;
  /** Reports the server acknowledged. */
  readonly delivered: number;
  /** Packets sent again after a missing acknowledgement. */
  readonly resends: number;
  stop(): Promise<void>;
  /**
   * Opens its line to the gateway now, reports or not (a TCP tracker keeps one open, so the server
   * can command it at any time); absent for trackers without a standing connection (OsmAnd).
   */
  open?(): void;
  /** Told when the server commands the tracker (issue 13); the simulator applies it to the vehicle. */
  onCommand?: (command: SimCommand) => void;
}

/** What a server command does to a simulated tracker. */
export type SimCommand =
  { kind: 'output'; dout1: 0 | 1 } | { kind: 'buzzer'; limit: number | null };

export interface DeviceTimings {
  /** Wait this long for an ack before sending the same data again (real time). */
  ackTimeoutMs: number;
  /** Wait before reconnecting after a dropped or refused connection (real time). */
  reconnectMs: number;
  /** Reports kept while offline; the oldest are dropped beyond this, as trackers do. */
  maxQueue: number;
}

export const DEFAULT_TIMINGS: DeviceTimings = {
  ackTimeoutMs: 10_000,
  reconnectMs: 3_000,
  maxQueue: 20_000,
};
