// The command dispatcher (issue 13): sends immobiliser and speed-buzzer commands to devices over
// their open gateway connections, queues them while a device is offline, holds an immobilise back
// while the vehicle moves faster than 10 km/h, and records what the device confirmed: its reply, or
// its output state in a later record. The device_commands rows are the truth; connections live here.
//
// Every unit's work runs one at a time (a promise chain per unit), woken by: a command asked (bus
// 'device_command'), a device connecting, a reply, records, and a periodic check of timeouts.
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { waitingText, type WaitReason } from '@fleet/common';
import type { Database } from '../db';
import type { Bus } from '../live/bus';
import type { DeviceRecord } from './types';
import type { IngestLog } from './log';
import { CommandStore, type CommandRow } from './commands-store';
import {
  isCommandProtocol,
  judgeReply,
  modeOutput,
  mustWaitForSpeed,
  reportedDout1,
  wireText,
  type CommandProtocol,
} from './commands-wire';

/** A device's open connection, as its gateway session offers it. */
export interface CommandLink {
  readonly connectionId: number;
  readonly closed: boolean;
  /** Encodes and writes one command; `commandId` travels as the GT06 server flag. */
  send(text: string, commandId: number): void;
}

/** A device's text answer to a command. */
export interface CommandReply {
  text: string;
  /** GT06: the server flag the answer carries (the command's id). */
  serverFlag?: number;
}

/** What the gateway sessions tell the dispatcher. */
export interface CommandChannel {
  connected(protocol: CommandProtocol, deviceId: string, link: CommandLink): void;
  disconnected(deviceId: string, link: CommandLink): void;
  reply(deviceId: string, reply: CommandReply): void;
  /** Records of the device, committed. */
  records(deviceId: string, records: readonly DeviceRecord[]): void;
}

export interface DispatcherTimings {
  /** A sent command unanswered this long is sent once more, then failed (real ms). */
  replyTimeoutMs: number;
  /**
   * After a reconnect, how long to wait for the device's first records before resending a command
   * sent on the dropped connection (its records may show it was already applied).
   */
  reconnectGraceMs: number;
  /** How often timeouts are checked (real ms). */
  tickMs: number;
}

export const DEFAULT_DISPATCHER_TIMINGS: DispatcherTimings = {
  replyTimeoutMs: 60_000,
  reconnectGraceMs: 5_000,
  tickMs: 2_000,
};

/** Sends at most this many times (the first send and one resend). */
const MAX_TRIES = 2;

interface Conn {
  uid: number;
  protocol: CommandProtocol;
  link: CommandLink;
  /** real ms when it connected */
  since: number;
}

export interface CommandDispatcher extends CommandChannel {
  /** Resolves when the work queued for every unit so far is done (tests). */
  idle(): Promise<void>;
  close(): void;
}

export function createCommandDispatcher(opts: {
  db: Kysely<Database>;
  bus: Bus;
  log: IngestLog;
  timings?: Partial<DispatcherTimings>;
}): CommandDispatcher {
  const t = { ...DEFAULT_DISPATCHER_TIMINGS, ...opts.timings };
  const store = new CommandStore(opts.db);
  const log = opts.log;
  const conns = new Map<string, Conn>();
  const byUid = new Map<number, string>();
  /** Units with unfinished commands. */
  const open = new Set<number>();
  /** command id → the connection it was last sent on and when (real ms). */
  const sentOn = new Map<number, { connectionId: number; at: number }>();
  const chains = new Map<number, Promise<void>>();
  let closed = false;

  function run(uid: number, why: Trigger): Promise<void> {
    const prev = chains.get(uid) ?? Promise.resolve();
    const next = prev
      .then(() => (closed ? undefined : work(uid, why)))
      .catch((err) => log.error({ uid, err }, 'commands: dispatch failed'));
    chains.set(uid, next);
    void next.then(() => {
      if (chains.get(uid) === next) chains.delete(uid);
    });
    return next;
  }

  type Trigger = { records?: readonly DeviceRecord[]; reply?: CommandReply };

  async function work(uid: number, why: Trigger): Promise<void> {
    const cmds = await store.open(uid);
    if (!cmds.length) {
      open.delete(uid);
      return;
    }
    open.add(uid);
    const deviceId = byUid.get(uid);
    const conn = deviceId ? conns.get(deviceId) : undefined;
    const live = conn && !conn.link.closed ? conn : undefined;
    // A newer command of the same kind replaces an older unfinished one.
    const newest = new Map<string, number>();
    for (const c of cmds) newest.set(c.kind, c.id);
    let answered = false;
    for (const cmd of cmds) {
      if (newest.get(cmd.kind) !== cmd.id) {
        await store.step(cmd, 'superseded', 'a newer command replaced it');
        sentOn.delete(cmd.id);
        continue;
      }
      if (cmd.status === 'sent') {
        if (why.reply && !answered && live && (await onReply(cmd, live, why.reply))) {
          answered = true;
          continue;
        }
        await whileSent(cmd, live, why.records);
      } else {
        await trySend(cmd, live);
      }
    }
    if (why.reply && !answered) {
      log.debug?.({ uid, reply: why.reply.text }, 'commands: reply matched no open command');
    }
    if (!(await store.open(uid)).length) open.delete(uid);
  }

  async function trySend(cmd: CommandRow, conn: Conn | undefined): Promise<void> {
    if (!conn) return wait(cmd, 'offline', null);
    const speed = await store.speedOf(cmd.unit_id);
    if (mustWaitForSpeed(cmd.kind, cmd.value, speed)) return wait(cmd, 'moving', speed);
    await send(cmd, conn);
  }

  async function wait(cmd: CommandRow, reason: WaitReason, speed: number | null) {
    const rounded = speed === null ? null : Math.round(speed);
    // One step per change of reason (or of the speed it waits on), not one per record.
    if (cmd.status === 'waiting' && cmd.reason === reason && (cmd.speed ?? null) === rounded)
      return;
    await store.step(cmd, 'waiting', waitingText(reason, rounded), { reason, speed: rounded });
  }

  async function send(cmd: CommandRow, conn: Conn): Promise<void> {
    const text = wireText(conn.protocol, cmd.kind, cmd.value);
    // Recorded before the bytes leave: a reply can never overtake its 'sent' step.
    await store.step(cmd, 'sent', cmd.tries ? `sent again: ${text}` : text, {
      wire: text,
      reason: null,
      sent: true,
    });
    sentOn.set(cmd.id, { connectionId: conn.link.connectionId, at: performance.now() });
    conn.link.send(text, cmd.id);
  }

  /** True when the reply belonged to this command. */
  async function onReply(cmd: CommandRow, conn: Conn, reply: CommandReply): Promise<boolean> {
    if (reply.serverFlag !== undefined && reply.serverFlag !== cmd.id) return false;
    const verdict = judgeReply(conn.protocol, cmd.kind, cmd.value, reply.text);
    if (verdict === 'unrelated') return false;
    await store.step(cmd, verdict, `device answered: ${reply.text.trim()}`, { reply: reply.text });
    sentOn.delete(cmd.id);
    return true;
  }

  async function whileSent(
    cmd: CommandRow,
    conn: Conn | undefined,
    records: readonly DeviceRecord[] | undefined,
  ): Promise<void> {
    const dout1 = records ? reportedDout1(records) : null;
    if (dout1 !== null) await store.noteOutput(cmd, dout1);
    if (cmd.kind === 'immobiliser' && dout1 === modeOutput(cmd.value as never)) {
      // The output state in a record confirms it as well as a reply does.
      await store.step(cmd, 'confirmed', `device reports output DOUT1=${dout1}`);
      sentOn.delete(cmd.id);
      return;
    }
    if (!conn) return;
    const sent = sentOn.get(cmd.id);
    const at = performance.now();
    if (!sent || sent.connectionId !== conn.link.connectionId) {
      // Sent on a connection that dropped (or before a restart): resend once, unless the device's
      // first records on the new connection show it was applied (checked above).
      const firstRecords = dout1 !== null;
      if (!firstRecords && at - conn.since < t.reconnectGraceMs) return;
      return resendOrFail(cmd, conn);
    }
    if (at - sent.at >= t.replyTimeoutMs) return resendOrFail(cmd, conn);
  }

  async function resendOrFail(cmd: CommandRow, conn: Conn): Promise<void> {
    if (cmd.tries >= MAX_TRIES) {
      await store.step(cmd, 'failed', 'no answer from the device');
      sentOn.delete(cmd.id);
      return;
    }
    await send(cmd, conn);
  }

  const unsubscribe = opts.bus.subscribe('device_command', (m) => {
    open.add(m.uid);
    void run(m.uid, {});
  });

  const timer = setInterval(() => {
    for (const uid of open) if (!chains.has(uid)) void run(uid, {});
  }, t.tickMs);
  timer.unref?.();

  void store.unitsWithOpen().then(
    (uids) => uids.forEach((u) => open.add(u)),
    (err) => log.error({ err }, 'commands: reading open commands failed'),
  );

  return {
    connected(protocol, deviceId, link) {
      if (!isCommandProtocol(protocol)) return;
      void store.unitOf(deviceId, protocol).then(
        (unit) => {
          if (!unit || link.closed) return;
          conns.set(deviceId, { uid: unit.uid, protocol, link, since: performance.now() });
          byUid.set(unit.uid, deviceId);
          void run(unit.uid, {});
        },
        (err) => log.error({ deviceId, err }, 'commands: unit lookup failed'),
      );
    },
    disconnected(deviceId, link) {
      const c = conns.get(deviceId);
      if (c && c.link === link) conns.delete(deviceId);
    },
    reply(deviceId, reply) {
      const c = conns.get(deviceId);
      if (c) void run(c.uid, { reply });
    },
    records(deviceId, records) {
      const c = conns.get(deviceId);
      if (c && open.has(c.uid)) void run(c.uid, { records });
    },
    async idle() {
      while (chains.size) await Promise.all([...chains.values()]);
    },
    close() {
      closed = true;
      clearInterval(timer);
      unsubscribe();
    },
  };
}
