// Demo scheduled reports (issue 14 item 7): a daily speeding report of one vehicle as a PDF and a
// monthly fleet summary of every vehicle as a CSV, both to the demo user, made as the demo user a
// few weeks ago, each with its last period already delivered so the list shows history. The
// scheduled reports job makes the next ones on the demo fleet's own trips.
import type { Kysely } from 'kysely';
import type { ReportSchedule } from '@fleet/common';
import type { Database } from '../db';
import { now } from '../clock';
import { latestEndedPeriod, RUN_DELAY_MS } from '../reports/schedule';
import { DEMO_UNITS, demoDeviceId } from './data';
import { addMissingToDemoFleet } from './seed-missing';

/** How long ago the demo's schedules were made. */
const MADE_DAYS_AGO = 40;

interface DemoSchedule {
  name: string;
  type: string;
  schedule: ReportSchedule;
  format: 'pdf' | 'csv';
  /** null: every vehicle of the client */
  unitIndex: number | null;
  parameters: Record<string, unknown>;
  /** the recorded last run: bytes and ms */
  size: number;
  duration_ms: number;
}

const SCHEDULES: DemoSchedule[] = [
  {
    name: 'Daily speeding',
    type: 'speeding',
    schedule: 'daily',
    format: 'pdf',
    unitIndex: 0,
    parameters: { speed_limit: '120' },
    size: 48_213,
    duration_ms: 840,
  },
  {
    name: 'Monthly fleet summary',
    type: 'fleet_summary',
    schedule: 'monthly',
    format: 'csv',
    unitIndex: null,
    parameters: {},
    size: 6_872,
    duration_ms: 1_310,
  },
];

export async function seedReports(db: Kysely<Database>, clientId: number): Promise<void> {
  const client = await db
    .selectFrom('clients')
    .select('timezone')
    .where('cid', '=', clientId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('users')
    .select(['nid', 'username', 'email'])
    .where('client_id', '=', clientId)
    .where('username', '=', 'demo')
    .executeTakeFirst();
  if (!user) return;
  const units = await db
    .selectFrom('units')
    .select(['uid', 'device_id'])
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
  const at = now();
  const made = at - MADE_DAYS_AGO * 86_400_000;
  for (const s of SCHEDULES) {
    const ids =
      s.unitIndex === null
        ? units.map((u) => u.uid)
        : units
            .filter(
              (u) =>
                u.device_id ===
                demoDeviceId('demo', s.unitIndex!, DEMO_UNITS[s.unitIndex!].protocol),
            )
            .map((u) => u.uid);
    if (!ids.length) continue;
    const { srid } = await db
      .insertInto('scheduled_reports')
      .values({
        client_id: clientId,
        name: s.name,
        type: s.type,
        schedule: s.schedule,
        format: s.format,
        email: JSON.stringify([user.email ?? `${user.username}@example.com`]),
        ids: JSON.stringify(ids),
        ids_type: 'units',
        parameters: JSON.stringify(s.parameters),
        created_by: user.nid,
        created_by_name: user.username,
        created: made,
        begins: made,
        updated: made,
        deleted: 0,
      })
      .returning('srid')
      .executeTakeFirstOrThrow();
    // The latest ended period, sent when it was due (its file long since gone from this demo).
    const period = latestEndedPeriod(s.schedule, client.timezone, at);
    const started = Math.min(at, period.end + RUN_DELAY_MS);
    await db
      .insertInto('report_runs')
      .values({
        client_id: clientId,
        srid,
        period_from: period.from,
        period_to: period.to,
        started,
        finished: started + s.duration_ms + 2_000,
        duration_ms: s.duration_ms,
        size: s.size,
        status: 'delivered',
        detail: 'attached',
        delivery: 'attachment',
        queued: started + s.duration_ms,
        file_token: null,
        file_name: null,
        expires: null,
      })
      .execute();
  }
}

/** An existing demo without scheduled reports gets them once. */
export function addMissingDemoReports(db: Kysely<Database>): Promise<void> {
  return addMissingToDemoFleet(db, 'scheduled_reports', seedReports);
}
