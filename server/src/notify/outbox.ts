// The outbox sender (issue 11 delivery, ARCHITECTURE.md §4): the rule engine stores an outbox row
// per recipient in the ingest transaction; after the commit this sender claims due rows, composes
// the message, sends it and marks it sent. It never runs inside an ingest transaction and ingest
// never waits for it: a slow or failing SMTP server or SMS gateway only delays its own rows.
//
// Claiming is one conditional UPDATE per row (status 0, due, lease free), so two processes never
// hold the same row. A failure is retried with backoff; a crash between sending and marking leaves
// the row leased until the lease passes and then sends it again, under the same outbox id, which
// the channels use to make that resend harmless (docs/configuration.md, "Alert delivery").
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database } from '../db';
import type { JobLog } from '../jobs/define';
import { clock, now } from '../clock';
import type { Mailer } from './mailer';
import type { SmsSender } from './sms';
import { composePanic, composeRuleAlert, type Composed } from './compose';
import { composeReminder, reminderOfMail } from './reminder-mail';
import { composeReportMail, finishReportRun } from './report-mail';
import type { MailAttachment } from './mailer';
import { panicNotified } from '../recovery/notified';

export const OUTBOX_PENDING = 0;
export const OUTBOX_SENT = 1;
export const OUTBOX_GIVEN_UP = 2;
/** Tries before a message is given up. */
export const OUTBOX_MAX_ATTEMPTS = 10;
const BACKOFF_FIRST_MS = 30_000;
const BACKOFF_MAX_MS = 3600_000;

/** Clock ms until the next try after `failures` failed tries: 30 s, doubling, at most 1 h. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
}

export interface OutboxSenderOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  /** PUBLIC_URL: the links in the messages. */
  baseUrl: string;
  /** DATA_DIR: where scheduled report files are (topic 'report'). */
  dataDir?: string;
  log: JobLog;
  /** Rows claimed at a time (default 50). */
  batch?: number;
  /** Real ms a claimed row stays with this sender before another may take it (default 2 min). */
  leaseMs?: number;
  /** Messages sent at once (default 4). */
  parallel?: number;
  /** Real ms between an 'outbox_queued' and the run it asks for, so a burst is one run. */
  debounceMs?: number;
  /** Real ms stop() waits for sends in flight (default 5 s). */
  stopWaitMs?: number;
}

export interface OutboxRunResult {
  sent: number;
  failed: number;
  givenUp: number;
}

export interface OutboxSender {
  /** Delivers every due row; a call during a run waits for that run and one more. */
  run(): Promise<OutboxRunResult>;
  /** Asks for a run soon (debounced); what the bus's 'outbox_queued' calls. Never waits. */
  kick(): void;
  /** No more runs; waits for the one in progress. */
  stop(): Promise<void>;
}

type OutboxRow = Selectable<Database['outbox']>;
/** A composed message; a scheduled report's mail carries its file. */
type Message = Composed & { attachments?: MailAttachment[] };

/** A row another sender may not hold: pending, due at `at`, its lease free. */
const claimable = (at: number) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.and([
    eb('status', '=', OUTBOX_PENDING),
    eb('next_at', '<=', at),
    eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]),
  ]);

/** Outbox rows of one e-mail per address about `topic` `ref` (what the sender composes), due at `at`. */
export function emailRows(
  clientId: number,
  recipients: readonly string[],
  topic: string,
  ref: number,
  at: number,
) {
  return recipients.map((to) => ({
    client_id: clientId,
    kind: 'email',
    recipient: to,
    topic,
    ref,
    next_at: at,
    lease_until: null,
    sent_at: null,
    last_error: null,
    created: at,
  }));
}

/**
 * The outcome of a scheduled report run's mails (topic 'report', ref = the run): null while one is
 * still to be sent, else the addresses given up and why (none: all were sent).
 */
export async function reportMailsOutcome(
  db: Kysely<Database>,
  runId: number,
  clientId: number,
): Promise<{ recipient: string; error: string | null }[] | null> {
  const mails = await db
    .selectFrom('outbox')
    .select(['status', 'recipient', 'last_error'])
    .where('topic', '=', 'report')
    .where('ref', '=', runId)
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();
  if (mails.some((m) => m.status === OUTBOX_PENDING)) return null;
  return mails
    .filter((m) => m.status === OUTBOX_GIVEN_UP)
    .map((m) => ({ recipient: m.recipient, error: m.last_error }));
}

/** The reason a message can never be sent: giving up at once beats ten futile tries. */
class Undeliverable extends Error {}

export function createOutboxSender(opts: OutboxSenderOptions): OutboxSender {
  const { db, mailer, sms, baseUrl, log } = opts;
  const batch = opts.batch ?? 50;
  const parallel = opts.parallel ?? 4;
  const debounceMs = opts.debounceMs ?? 100;
  const stopWaitMs = opts.stopWaitMs ?? 5000;
  // The lease is in clock time; a clock running faster than real time needs a longer one.
  const leaseClockMs = () => Math.ceil((opts.leaseMs ?? 120_000) * Math.max(1, clock().rate));

  let running: Promise<OutboxRunResult> | null = null;
  let again: Promise<OutboxRunResult> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  /**
   * Takes up to `batch` due rows for this sender: the rows it got, and whether a whole batch was
   * due (more may wait, even when another sender claimed some of these first).
   */
  async function claim(): Promise<{ rows: OutboxRow[]; until: number; full: boolean }> {
    const at = now();
    const until = at + leaseClockMs();
    const due = await db
      .selectFrom('outbox')
      .select('id')
      .where(claimable(at))
      .orderBy('next_at')
      .orderBy('id')
      .limit(batch)
      .execute();
    const mine: number[] = [];
    for (const { id } of due) {
      const res = await db
        .updateTable('outbox')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where(claimable(at))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) > 0) mine.push(id);
    }
    const full = due.length === batch;
    if (!mine.length) return { rows: [], until, full };
    const rows = await db.selectFrom('outbox').selectAll().where('id', 'in', mine).execute();
    return { rows, until, full };
  }

  async function unitAndZone(uid: number, clientId: number) {
    const row = await db
      .selectFrom('units')
      .innerJoin('clients', 'clients.cid', 'units.client_id')
      .select(['units.uid', 'units.name', 'units.reg', 'clients.timezone'])
      .where('units.uid', '=', uid)
      .where('units.client_id', '=', clientId)
      .executeTakeFirst();
    if (!row) throw new Undeliverable(`unit ${uid} no longer exists`);
    return { unit: { uid: row.uid, name: row.name, reg: row.reg }, timezone: row.timezone };
  }

  async function compose(topic: string, ref: number, clientId: number): Promise<Message> {
    if (topic === 'rule_alert') {
      const a = await db
        .selectFrom('rule_alerts')
        .selectAll()
        .where('raid', '=', ref)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!a) throw new Undeliverable(`rule alert ${ref} no longer exists`);
      let evidence: Record<string, unknown> = {};
      try {
        evidence = JSON.parse(a.evidence) as Record<string, unknown>;
      } catch {
        // An unreadable evidence still makes a mail: the type name says what happened.
      }
      const { unit, timezone } = await unitAndZone(a.unit_id, clientId);
      return composeRuleAlert(
        { ...a, evidence, unit, timezone, lat: a.lat, lon: a.lon, time: a.time },
        baseUrl,
      );
    }
    if (topic === 'panic') {
      const e = await db
        .selectFrom('device_events')
        .selectAll()
        .where('id', '=', ref)
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      if (!e) throw new Undeliverable(`device event ${ref} no longer exists`);
      const { unit, timezone } = await unitAndZone(e.unit_id, clientId);
      return composePanic(
        {
          id: e.id,
          unit,
          timezone,
          time: e.time,
          lat: e.lat,
          lon: e.lon,
          remote: e.type === 'panic_remote',
        },
        baseUrl,
      );
    }
    if (topic === 'reminder') {
      const c = await reminderOfMail(db, ref, clientId);
      if (!c) throw new Undeliverable(`reminder mail ${ref} no longer exists`);
      return composeReminder(c, now(), baseUrl);
    }
    if (topic === 'report') {
      if (!opts.dataDir) throw new Undeliverable('this sender has no DATA_DIR for report files');
      const mail = await composeReportMail(db, ref, clientId, { dataDir: opts.dataDir, baseUrl });
      if ('undeliverable' in mail) throw new Undeliverable(mail.undeliverable);
      return mail;
    }
    throw new Undeliverable(`unknown outbox topic "${topic}"`);
  }

  async function deliver(row: OutboxRow, message: Message): Promise<void> {
    if (row.kind === 'email') {
      const { subject, text, html, attachments } = message;
      await mailer.send({ to: row.recipient, subject, text, html, attachments, outboxId: row.id });
    } else if (row.kind === 'sms') {
      await sms.send({ to: row.recipient, message: message.sms, reference: String(row.id) });
    } else throw new Undeliverable(`unknown outbox kind "${row.kind}"`);
  }

  async function sendOne(
    row: OutboxRow,
    until: number,
    messages: Map<string, Promise<Message>>,
    result: OutboxRunResult,
  ): Promise<void> {
    try {
      // One composition per alert, however many recipients it has.
      const key = `${row.topic}:${row.ref}`;
      let message = messages.get(key);
      if (!message) messages.set(key, (message = compose(row.topic, row.ref, row.client_id)));
      await deliver(row, await message);
    } catch (err) {
      await failed(row, until, err, result);
      return;
    }
    // Marked sent even if the lease ran out meanwhile: the message did go.
    await db
      .updateTable('outbox')
      .set({ status: OUTBOX_SENT, sent_at: now(), lease_until: null, attempts: row.attempts + 1 })
      .where('id', '=', row.id)
      .where('status', '=', OUTBOX_PENDING)
      .execute();
    result.sent += 1;
    await settled(row);
  }

  /**
   * A scheduled report's run is finished once each of its mails is sent or given up; so is the
   * sending of a panic's messages (a self-monitoring unit's chase-up: 11 → 12, recovery/notified.ts).
   */
  async function settled(row: OutboxRow): Promise<void> {
    if (row.topic === 'panic') {
      await panicNotified(db, row.ref, row.client_id).catch((err) =>
        log.error({ err, outboxId: row.id, ref: row.ref }, 'outbox: recording a panic sent failed'),
      );
      return;
    }
    if (row.topic !== 'report') return;
    try {
      await finishRun(row);
    } catch (err) {
      // The mail went (or was given up); the run's record is caught up by its next mail or the job.
      log.error({ err, outboxId: row.id, ref: row.ref }, 'outbox: recording a report run failed');
    }
  }

  async function finishRun(row: OutboxRow): Promise<void> {
    const givenUp = await reportMailsOutcome(db, row.ref, row.client_id);
    if (givenUp) await finishReportRun(db, row.ref, row.client_id, givenUp);
  }

  async function failed(row: OutboxRow, until: number, err: unknown, result: OutboxRunResult) {
    const attempts = row.attempts + 1;
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    const giveUp = err instanceof Undeliverable || attempts >= OUTBOX_MAX_ATTEMPTS;
    await db
      .updateTable('outbox')
      .set({
        attempts,
        last_error: error,
        lease_until: null,
        ...(giveUp ? { status: OUTBOX_GIVEN_UP } : { next_at: now() + backoffMs(attempts) }),
      })
      .where('id', '=', row.id)
      .where('status', '=', OUTBOX_PENDING)
      // Only while the row is still ours: past the lease another sender may have it now.
      .where('lease_until', '=', until)
      .execute();
    const fields = { outboxId: row.id, kind: row.kind, topic: row.topic, ref: row.ref, attempts };
    if (giveUp) {
      result.givenUp += 1;
      log.warn({ ...fields, error }, `outbox: ${row.kind} to ${row.recipient} given up: ${error}`);
      await settled(row);
    } else {
      result.failed += 1;
      log.info({ ...fields, error }, `outbox: ${row.kind} failed, retried later: ${error}`);
    }
  }

  async function runAll(): Promise<OutboxRunResult> {
    const result: OutboxRunResult = { sent: 0, failed: 0, givenUp: 0 };
    const messages = new Map<string, Promise<Message>>();
    for (;;) {
      const { rows, until, full } = await claim();
      // Rows lost to another sender's claims are its to send; the next look finds the rest.
      if (!rows.length && !full) break;
      // A lane per channel, so a stuck SMTP server does not hold up the SMS (or the reverse).
      const lanes = new Map<string, OutboxRow[]>();
      for (const r of rows) lanes.set(r.kind, [...(lanes.get(r.kind) ?? []), r]);
      await Promise.all(
        [...lanes.values()].flatMap((lane) => {
          let next = 0;
          const worker = async () => {
            while (next < lane.length) await sendOne(lane[next++], until, messages, result);
          };
          return Array.from({ length: Math.min(parallel, lane.length) }, worker);
        }),
      );
      if (!full || stopped) break;
    }
    return result;
  }

  function run(): Promise<OutboxRunResult> {
    if (stopped) return Promise.resolve({ sent: 0, failed: 0, givenUp: 0 });
    if (!running) {
      running = runAll().finally(() => (running = null));
      return running;
    }
    // Rows queued during a run may have been looked for already: one more run after it.
    again ??= running
      .catch(() => undefined)
      .then(() => {
        again = null;
        return run();
      });
    return again;
  }

  return {
    run,
    kick() {
      if (stopped || timer) return;
      timer = setTimeout(() => {
        timer = null;
        run().catch((err) => log.error({ err }, 'outbox: a run failed'));
      }, debounceMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // A send stuck on a slow server does not hold up a shutdown for its whole timeout: its row
      // stays leased and the next process sends it once the lease passes.
      const done = Promise.all([again, running]).catch(() => undefined);
      let wait: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([done, new Promise((r) => (wait = setTimeout(r, stopWaitMs)))]);
      clearTimeout(wait);
    },
  };
}
