// Demo device commands (issue 13 item 8): one vehicle immobilised, confirmed by its tracker, with
// its command history; two vehicles with an in-cab buzzer limit their trackers confirmed.
import type { Kysely } from 'kysely';
import type { CommandKind } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { addMissingToDemoFleet } from './seed-missing';
import { askedText, COMMAND_ENTITY } from '../ingest/commands-store';
import { wireText, type CommandProtocol } from '../ingest/commands-wire';
import { DEMO_UNITS, demoDeviceId } from './data';

/**
 * Demo units by index in DEMO_UNITS: the immobilised one (a Teltonika bakkie, the vehicle most often
 * stolen; not a trailer, which has no starter to cut) and those with a buzzer limit.
 */
const IMMOBILISED = 1;
const BUZZERS: [number, number][] = [
  [0, 100],
  [36, 90],
];

export async function seedCommands(db: Kysely<Database>, clientId: number): Promise<void> {
  const unitOf = async (index: number) => {
    const u = DEMO_UNITS[index];
    if (!u || u.protocol === 'osmand') return null;
    return (
      (await db
        .selectFrom('units')
        .select(['uid', 'name', 'protocol'])
        .where('client_id', '=', clientId)
        .where('device_id', '=', demoDeviceId('demo', index, u.protocol))
        .executeTakeFirst()) ?? null
    );
  };
  const user = await db
    .selectFrom('users')
    .select(['nid', 'username'])
    .where('client_id', '=', clientId)
    .where('username', '=', 'demo')
    .executeTakeFirst();
  const t = now();
  const stolen = await unitOf(IMMOBILISED);
  if (stolen) {
    await confirmedCommand(db, clientId, stolen, 'immobiliser', 'immobilise', user, [
      ['asked', '', t - 3 * 3600_000],
      ['waiting', 'Waiting: moving at 62 km/h — sent when below 10 km/h', t - 3 * 3600_000 + 5_000],
      [
        'sent',
        wireText(stolen.protocol as CommandProtocol, 'immobiliser', 'immobilise'),
        t - 3 * 3600_000 + 240_000,
      ],
      [
        'confirmed',
        'device answered: DOUT1:1 Timeout:INFINITY DOUT2:0 Timeout:INFINITY',
        t - 3 * 3600_000 + 242_000,
      ],
    ]);
    await controls(db, stolen.uid, clientId, {
      immobiliser_mode: 'immobilise',
      immobiliser_at: t - 3 * 3600_000 + 242_000,
      dout1: 1,
      dout1_at: t - 3 * 3600_000 + 242_000,
    });
  }
  for (const [index, limit] of BUZZERS) {
    const unit = await unitOf(index);
    if (!unit) continue;
    const at = t - (index + 2) * 86_400_000;
    const wire = wireText(unit.protocol as CommandProtocol, 'speed_buzzer', String(limit));
    await confirmedCommand(db, clientId, unit, 'speed_buzzer', String(limit), user, [
      ['asked', '', at],
      ['sent', wire, at + 1_000],
      [
        'confirmed',
        unit.protocol === 'gt06'
          ? `device answered: Speed alarm: ON, time: 20s, speed: ${limit}km/h. Success!`
          : `device answered: New value ${wire.slice(9)};`,
        at + 3_000,
      ],
    ]);
    await controls(db, unit.uid, clientId, {
      buzzer_limit: limit,
      buzzer_confirmed: limit,
      buzzer_at: at + 3_000,
    });
  }
}

async function confirmedCommand(
  db: Kysely<Database>,
  clientId: number,
  unit: { uid: number; name: string },
  kind: CommandKind,
  value: string,
  user: { nid: number; username: string } | undefined,
  steps: [string, string, number][],
): Promise<void> {
  const sent = steps.find((s) => s[0] === 'sent')!;
  const last = steps[steps.length - 1];
  const cmd = await db
    .insertInto('device_commands')
    .values({
      client_id: clientId,
      unit_id: unit.uid,
      kind,
      value,
      status: 'confirmed',
      reason: null,
      speed: null,
      wire: sent[1],
      tries: 1,
      reply: last[1].replace(/^device answered: /, ''),
      asked_by: user?.nid ?? null,
      asked_by_name: user?.username ?? '',
      asked_at: steps[0][2],
      sent_at: sent[2],
      done_at: last[2],
      updated: last[2],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [step, detail, at] of steps) {
    await db
      .insertInto('device_command_steps')
      .values({
        client_id: clientId,
        unit_id: unit.uid,
        command_id: Number(cmd.id),
        kind,
        step,
        detail,
        by_name: step === 'asked' ? (user?.username ?? '') : '',
        at,
      })
      .execute();
    await db
      .insertInto('change_logs')
      .values({
        client_id: clientId,
        user_id: user?.nid ?? 0,
        username: user?.username ?? '',
        datetimestamp: at,
        action: 'E',
        entity_type: COMMAND_ENTITY[kind],
        entity_id: String(unit.uid),
        description: `${unit.name}: ${askedText(kind, value)} ${step}${detail ? ` (${detail})` : ''}`,
      })
      .execute();
  }
}

async function controls(
  db: Kysely<Database>,
  uid: number,
  clientId: number,
  fields: Record<string, number | string>,
): Promise<void> {
  const existing = await db
    .selectFrom('unit_controls')
    .select('unit_id')
    .where('unit_id', '=', uid)
    .executeTakeFirst();
  if (existing)
    await db.updateTable('unit_controls').set(fields).where('unit_id', '=', uid).execute();
  else
    await db
      .insertInto('unit_controls')
      .values({ unit_id: uid, client_id: clientId, ...fields })
      .execute();
}

/** An existing demo database gets the demo commands once. */
export function addMissingDemoCommands(db: Kysely<Database>): Promise<void> {
  return addMissingToDemoFleet(db, 'device_commands', seedCommands);
}
