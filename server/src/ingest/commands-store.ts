// The device_commands rows the dispatcher works from, their steps, and the change-log rows each step
// writes (entity Immobiliser or Speed Buzzer, SPEC §3). The rows are the truth (issue 17 can run the
// dispatcher in another process); the dispatcher keeps only connections in memory.
import type { Kysely } from 'kysely';
import type { CommandKind, CommandStep, ChangeLogEntityType, WaitReason } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';

export interface CommandRow {
  id: number;
  client_id: number;
  unit_id: number;
  kind: CommandKind;
  value: string;
  status: string;
  reason: string | null;
  speed: number | null;
  tries: number;
  asked_by: number | null;
  asked_by_name: string;
  sent_at: number | null;
}

export const OPEN_STATUSES = ['asked', 'waiting', 'sent'] as const;

export const COMMAND_ENTITY: Record<CommandKind, ChangeLogEntityType> = {
  immobiliser: 'Immobiliser',
  speed_buzzer: 'Speed Buzzer',
};

/** What was asked, in words. */
export function askedText(kind: CommandKind, value: string): string {
  if (kind === 'immobiliser') return value.charAt(0).toUpperCase() + value.slice(1);
  return value === '' ? 'Buzzer off' : `Buzzer at ${value} km/h`;
}

export class CommandStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The unfinished commands of a unit, oldest first. */
  open(uid: number): Promise<CommandRow[]> {
    return this.db
      .selectFrom('device_commands')
      .select([
        'id',
        'client_id',
        'unit_id',
        'kind',
        'value',
        'status',
        'reason',
        'speed',
        'tries',
        'asked_by',
        'asked_by_name',
        'sent_at',
      ])
      .where('unit_id', '=', uid)
      .where('status', 'in', [...OPEN_STATUSES])
      .orderBy('id')
      .execute() as Promise<CommandRow[]>;
  }

  /** Units with unfinished commands (read when the dispatcher starts). */
  async unitsWithOpen(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('device_commands')
      .select('unit_id')
      .distinct()
      .where('status', 'in', [...OPEN_STATUSES])
      .execute();
    return rows.map((r) => r.unit_id);
  }

  async unitOf(deviceId: string, protocol: string) {
    return this.db
      .selectFrom('units')
      .select(['uid', 'client_id', 'name'])
      .where('device_id', '=', deviceId)
      .where('protocol', '=', protocol)
      .executeTakeFirst();
  }

  async speedOf(uid: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('unit_state')
      .select('speed')
      .where('unit_id', '=', uid)
      .executeTakeFirst();
    return row ? Number(row.speed) : null;
  }

  /** Moves a command to a step: its row, a step row and a change-log row, in one transaction. */
  async step(
    cmd: CommandRow,
    step: CommandStep,
    detail: string,
    set: {
      reason?: WaitReason | null;
      speed?: number | null;
      wire?: string;
      reply?: string;
      sent?: boolean;
    } = {},
  ): Promise<void> {
    const at = now();
    const status = step;
    const done = step === 'confirmed' || step === 'failed' || step === 'superseded';
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('device_commands')
        .set({
          status,
          updated: at,
          ...(set.reason !== undefined ? { reason: set.reason } : {}),
          ...(set.speed !== undefined ? { speed: set.speed } : {}),
          ...(set.wire !== undefined ? { wire: set.wire } : {}),
          ...(set.reply !== undefined ? { reply: set.reply.slice(0, 500) } : {}),
          ...(set.sent ? { sent_at: at, tries: cmd.tries + 1 } : {}),
          ...(done ? { done_at: at } : {}),
        })
        .where('id', '=', cmd.id)
        .where('status', 'in', [...OPEN_STATUSES])
        .executeTakeFirst();
      // Already finished (a late duplicate reply, another process): nothing more to record.
      if (Number(updated.numUpdatedRows) === 0) return;
      await trx
        .insertInto('device_command_steps')
        .values({
          client_id: cmd.client_id,
          unit_id: cmd.unit_id,
          command_id: cmd.id,
          kind: cmd.kind,
          step,
          detail: detail.slice(0, 500),
          at,
        })
        .execute();
      const unit = await trx
        .selectFrom('units')
        .select('name')
        .where('uid', '=', cmd.unit_id)
        .executeTakeFirst();
      await trx
        .insertInto('change_logs')
        .values({
          client_id: cmd.client_id,
          user_id: cmd.asked_by ?? 0,
          username: cmd.asked_by_name,
          datetimestamp: at,
          action: 'E',
          entity_type: COMMAND_ENTITY[cmd.kind],
          entity_id: String(cmd.unit_id),
          description:
            `${unit?.name ?? `Unit ${cmd.unit_id}`}: ${askedText(cmd.kind, cmd.value)} ${step}` +
            (detail ? ` (${detail})` : '').slice(0, 400),
        })
        .execute();
      if (step === 'confirmed') await confirmState(trx, cmd, at);
    });
    cmd.status = status;
    if (set.sent) {
      cmd.tries += 1;
      cmd.sent_at = at;
    }
    if (set.reason !== undefined) cmd.reason = set.reason;
    if (set.speed !== undefined) cmd.speed = set.speed;
  }

  /** DOUT1 as the device last reported it. */
  async noteOutput(cmd: CommandRow, dout1: 0 | 1): Promise<void> {
    await upsertControls(this.db, cmd.unit_id, cmd.client_id, { dout1, dout1_at: now() });
  }
}

type Controls = Partial<{
  immobiliser_mode: string;
  immobiliser_at: number;
  buzzer_limit: number | null;
  buzzer_confirmed: number | null;
  buzzer_at: number;
  dout1: number;
  dout1_at: number;
}>;

/** Writes fields of a unit's unit_controls row, creating it when missing. */
export async function upsertControls(
  db: Kysely<Database>,
  uid: number,
  clientId: number,
  fields: Controls,
): Promise<void> {
  const res = await db
    .updateTable('unit_controls')
    .set(fields)
    .where('unit_id', '=', uid)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) > 0) return;
  await db
    .insertInto('unit_controls')
    .values({ unit_id: uid, client_id: clientId, ...fields })
    .onConflict((oc) => oc.column('unit_id').doUpdateSet(fields))
    .execute();
}

async function confirmState(db: Kysely<Database>, cmd: CommandRow, at: number): Promise<void> {
  if (cmd.kind === 'immobiliser') {
    await upsertControls(db, cmd.unit_id, cmd.client_id, {
      immobiliser_mode: cmd.value,
      immobiliser_at: at,
    });
  } else {
    await upsertControls(db, cmd.unit_id, cmd.client_id, {
      buzzer_confirmed: cmd.value === '' ? null : Number(cmd.value),
      buzzer_at: at,
    });
  }
}
