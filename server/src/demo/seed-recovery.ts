// The recovery desk's demo history (issue 16 item 9), so that a fresh install shows the desk at
// work before the simulator raises its first chase-up:
//   - a backup unit: Demo Fleet's Backup service type Isuzu NPR CAP-28 paired with the VW Amarok
//     CAP-12 (units.backup_of), last seen beside it, with a trail of fixes next to the Amarok's;
//   - past chase-ups, each with its device event, comments, call logs and change-log rows: a
//     night-time tow that was recovered, a panic pressed by mistake (resolved) with its duplicate,
//     a power loss cancelled because the client's workshop had the battery off, and a flat battery
//     that arrived too late to chase; none open, so the queue starts empty;
//   - last week's finished recovery log of the tow (1 Vehicle recovered, initiated by the chase-up,
//     with team, police case number, where it was found and notes);
//   - a trip of the Marcopolo Bus JOH-17 from Johannesburg through Beitbridge to Masvingo in
//     Zimbabwe and back, last month, as positions, for the border crossing page.
// The client's emergency contacts are the demo people's (data.ts): Anita Naidoo (emergency contact,
// rank 8) and Dr Kobus Steyn (Emergency contact and Don't contact, rank 11: not after hours).
//
// Every position written here is older than the simulator's default history (SIM_BACKFILL_HOURS,
// 7 days): the history starts after the newest stored fix of the units it drives, so a newer one
// would cut it short. Added once: with the demo, or to a demo that has no recovery logs yet.
import type { Insertable, Kysely } from 'kysely';
import { bearingDegrees, haversineMeters } from '@fleet/common';
import type { Database } from '../db';
import type { PositionsTable } from '../db/types';
import { now } from '../clock';
import { DEMO_UNITS, demoDeviceId } from './data';

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** South African Standard Time, all year. */
const SAST_MS = 2 * HOUR;

/** Indexes in DEMO_UNITS of the units the desk's history is about. */
export const RECOVERY_DEMO_UNITS = {
  /** Isuzu NPR CAP-28, service type Backup */
  backup: 27,
  /** VW Amarok CAP-12, the vehicle it backs up */
  main: 11,
  /** Toyota Corolla JOH-05: towed at night and recovered */
  towed: 4,
  /** Toyota Hilux JOH-01: a panic pressed by mistake */
  panic: 0,
  /** Ford Ranger DUR-03: power lost at the workshop */
  workshop: 2,
  /** Hino 500 DUR-07: a flat battery reported a day late */
  late: 6,
  /** Marcopolo Bus JOH-17: to Zimbabwe and back */
  bus: 16,
} as const;

/** When the bus left Johannesburg, in days before the seeding. */
export const BORDER_TRIP_DAYS_AGO = 24;

/** Epoch ms of hh:mm South African time, `daysAgo` calendar days before `at`. */
function sast(at: number, daysAgo: number, hh: number, mm = 0): number {
  const d = new Date(at + SAST_MS - daysAgo * DAY);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hh, mm) - SAST_MS;
}

interface Ctx {
  db: Kysely<Database>;
  cid: number;
  at: number;
  uid: (index: number) => number;
  support: { nid: number; client_id: number; username: string } | null;
  person: (first: string, surname: string) => { pid: number; cellphone: string | null };
}

async function changeLog(
  c: Ctx,
  at: number,
  action: 'I' | 'E',
  entityType: string,
  entityId: number,
  description: string,
) {
  if (!c.support) return;
  await c.db
    .insertInto('change_logs')
    .values({
      client_id: c.support.client_id,
      user_id: c.support.nid,
      username: c.support.username,
      datetimestamp: at,
      action,
      entity_type: entityType,
      entity_id: String(entityId),
      description,
    })
    .execute();
}

interface DemoChaseup {
  unit: number;
  type: number;
  typeName: string;
  event: string;
  alarm: string;
  description: string;
  time: number;
  /** when the desk got it (later than `time` for data that arrived late) */
  created?: number;
  state: number;
  lat: number;
  lon: number;
  speed: number;
  duplicateOf?: number;
  /** taken this long after it arrived, then closed this long after that */
  takenAfter?: number;
  closedAfter?: number;
}

async function addChaseup(c: Ctx, ch: DemoChaseup): Promise<number> {
  const uid = c.uid(ch.unit);
  const { id: eventId } = await c.db
    .insertInto('device_events')
    .values({
      unit_id: uid,
      client_id: c.cid,
      time: ch.time,
      type: ch.event,
      lat: ch.lat,
      lon: ch.lon,
      speed: ch.speed,
      attributes: JSON.stringify({ alarm: ch.alarm }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const created = ch.created ?? ch.time + 4_000;
  const taken = ch.takenAfter === undefined ? null : created + ch.takenAfter;
  const closed = taken === null || ch.closedAfter === undefined ? null : taken + ch.closedAfter;
  const { id } = await c.db
    .insertInto('chaseup_events')
    .values({
      client_id: c.cid,
      unit_id: uid,
      type: ch.type,
      state: ch.state,
      time: ch.time,
      lat: ch.lat,
      lon: ch.lon,
      rule_alert_id: null,
      device_event_id: eventId,
      description: ch.description,
      assigned_to_username: taken === null ? null : (c.support?.username ?? 'support'),
      created,
      taken_at: taken,
      closed_at: closed,
      duplicate_of: ch.duplicateOf ?? null,
      updated: closed ?? taken,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = DEMO_UNITS[ch.unit].name;
  if (taken !== null)
    await changeLog(c, taken, 'E', 'Chase-up', id, `Took chase-up ${id} (${ch.typeName}, ${name})`);
  if (closed !== null)
    await changeLog(
      c,
      closed,
      'E',
      'Chase-up',
      id,
      `${ch.state === 3 ? 'Resolved' : 'Cancelled'} chase-up ${id}`,
    );
  return id;
}

async function addComment(c: Ctx, unit: number, chaseupId: number, at: number, text: string) {
  const { id } = await c.db
    .insertInto('chaseup_comments')
    .values({
      client_id: c.cid,
      unit_id: c.uid(unit),
      chaseup_id: chaseupId,
      text,
      username: c.support?.username ?? 'support',
      created: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await changeLog(
    c,
    at,
    'I',
    'Comment',
    id,
    `Comment on chase-up ${chaseupId} (${DEMO_UNITS[unit].name})`,
  );
}

const OUTCOME_NAMES: Record<string, string> = {
  answered: 'Answered',
  no_answer: 'No answer',
  voicemail: 'Left a voicemail',
};

async function addCall(
  c: Ctx,
  unit: number,
  chaseupId: number,
  at: number,
  who: [string, string],
  outcome: 'answered' | 'no_answer' | 'voicemail',
  notes: string,
) {
  const person = c.person(...who);
  const name = `${who[0]} ${who[1]}`;
  const number = person.cellphone ?? '0821234500';
  const { id } = await c.db
    .insertInto('call_logs')
    .values({
      client_id: c.cid,
      unit_id: c.uid(unit),
      chaseup_id: chaseupId,
      pid: person.pid || null,
      name,
      number,
      outcome,
      notes,
      username: c.support?.username ?? 'support',
      created: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await changeLog(
    c,
    at,
    'I',
    'Call Log',
    id,
    `Called ${name} (${number}) about chase-up ${chaseupId} (${DEMO_UNITS[unit].name}): ${OUTCOME_NAMES[outcome]}`,
  );
}

/** The chase-ups, their comments and calls, and last week's recovery of the towed Corolla. */
async function seedChaseups(c: Ctx) {
  const U = RECOVERY_DEMO_UNITS;
  // A tow at 02:40 six nights ago, from the owner's home in Midrand.
  const towTime = sast(c.at, 6, 2, 40);
  const tow = await addChaseup(c, {
    unit: U.towed,
    type: 15,
    typeName: 'Towing',
    event: 'towing',
    alarm: 'tow',
    description: 'Moving with the ignition off',
    time: towTime,
    state: 3,
    lat: -25.9992,
    lon: 28.1263,
    speed: 34,
    takenAfter: 70_000,
    closedAfter: 3 * HOUR + 10 * MIN,
  });
  await addComment(
    c,
    U.towed,
    tow,
    towTime + 3 * MIN,
    'Moving at 34 km/h with the ignition off at 02:40, heading north-east from the client’s home in Midrand.',
  );
  await addCall(
    c,
    U.towed,
    tow,
    towTime + 4 * MIN,
    ['Anita', 'Naidoo'],
    'no_answer',
    'Rang out twice.',
  );
  await addCall(
    c,
    U.towed,
    tow,
    towTime + 7 * MIN,
    ['Anita', 'Naidoo'],
    'answered',
    'The Corolla should be parked at home. Asked us to send the response team and to open a case.',
  );
  await addComment(
    c,
    U.towed,
    tow,
    towTime + 8 * MIN,
    'Response Team Bravo dispatched; SAPS Tembisa informed.',
  );
  const start = towTime + 8 * MIN;
  const end = start + 2 * HOUR + 45 * MIN;
  const { id: logId } = await c.db
    .insertInto('recovery_logs')
    .values({
      client_id: c.cid,
      unit_id: c.uid(U.towed),
      state: 1,
      initiated_by: 2,
      chaseup_id: tow,
      start_time: start,
      end_time: end,
      recovery_team: 'Response Team Bravo (T. Mabena, R. Coetzee)',
      police_case_number: `CAS ${140 + (new Date(start).getUTCDate() % 60)}/${String(new Date(start).getUTCMonth() + 1).padStart(2, '0')}/${new Date(start).getUTCFullYear()}`,
      location_recovered: 'Behind a scrapyard off Olifantsfontein Road, Tembisa',
      lat: -25.9721,
      lon: 28.2105,
      notes:
        'Found on a rollback trailer with the driver gone. Minor damage to the front bumper; ' +
        'the tracker was untouched. Handed to the owner at 05:40 after SAPS took fingerprints.',
      created_by: c.support?.username ?? 'support',
      created: start,
      updated: end,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await changeLog(
    c,
    start,
    'I',
    'Recovery Log',
    logId,
    `Opened recovery log ${logId} for ${DEMO_UNITS[U.towed].name} (In Progress, from chase-up ${tow})`,
  );
  await changeLog(
    c,
    end,
    'E',
    'Recovery Log',
    logId,
    `Recovery log ${logId} of ${DEMO_UNITS[U.towed].name}: In Progress → Vehicle recovered`,
  );
  await addComment(
    c,
    U.towed,
    tow,
    end + 5 * MIN,
    `Vehicle recovered in Tembisa; see recovery log ${logId}.`,
  );

  // A panic pressed by mistake nine days ago, and the second press of it, folded as a duplicate.
  const panicTime = sast(c.at, 9, 16, 20);
  const panic = await addChaseup(c, {
    unit: U.panic,
    type: 6,
    typeName: 'Panic wired',
    event: 'panic',
    alarm: 'sos',
    description: 'Panic button pressed',
    time: panicTime,
    state: 3,
    lat: -26.1076,
    lon: 28.0567,
    speed: 0,
    takenAfter: 45_000,
    closedAfter: 6 * MIN,
  });
  await addChaseup(c, {
    unit: U.panic,
    type: 6,
    typeName: 'Panic wired',
    event: 'panic',
    alarm: 'sos',
    description: 'Panic button pressed',
    time: panicTime + 40_000,
    state: 6,
    lat: -26.1076,
    lon: 28.0567,
    speed: 0,
    duplicateOf: panic,
  });
  await addCall(
    c,
    U.panic,
    panic,
    panicTime + 2 * MIN,
    ['Sipho', 'Nkosi'],
    'answered',
    'The driver pressed it by mistake while parking at the Sandton depot. All well.',
  );
  await addComment(
    c,
    U.panic,
    panic,
    panicTime + 5 * MIN,
    'False alarm confirmed by the driver; pressed twice by mistake.',
  );

  // A power loss four days ago, cancelled: the client's workshop had the battery off.
  const powerTime = sast(c.at, 4, 10, 5);
  const power = await addChaseup(c, {
    unit: U.workshop,
    type: 1,
    typeName: 'Power loss',
    event: 'power_cut',
    alarm: 'powerCut',
    description: 'External power lost',
    time: powerTime,
    state: 4,
    lat: -29.8496,
    lon: 31.0046,
    speed: 0,
    takenAfter: 2 * MIN,
    closedAfter: 9 * MIN,
  });
  await addCall(
    c,
    U.workshop,
    power,
    powerTime + 4 * MIN,
    ['David', 'Smith'],
    'answered',
    'The Ranger is in for its service at the Durban workshop; the battery was disconnected.',
  );
  await addComment(
    c,
    U.workshop,
    power,
    powerTime + 11 * MIN,
    'Cancelled: battery disconnected by the client’s workshop during a service.',
  );

  // A flat battery from three days ago that reached the desk a day later: too late to chase.
  const lateTime = sast(c.at, 3, 5, 10);
  await addChaseup(c, {
    unit: U.late,
    type: 2,
    typeName: 'Flat battery',
    event: 'low_battery',
    alarm: 'lowBattery',
    description: "The tracker's battery is flat",
    time: lateTime,
    created: lateTime + 26 * HOUR,
    state: 8,
    lat: -29.8832,
    lon: 30.9937,
    speed: 0,
  });
}

type PositionRow = Insertable<PositionsTable>;

/**
 * Writes fixes unless one of their units already has a fix in their period: an existing demo that
 * gets the desk's history later has driven there already (and a fix's time is unique per unit).
 */
async function insertPositions(db: Kysely<Database>, rows: PositionRow[]): Promise<void> {
  if (!rows.length) return;
  for (const uid of new Set(rows.map((r) => r.unit_id))) {
    const times = rows.filter((r) => r.unit_id === uid).map((r) => r.fix_time);
    const clash = await db
      .selectFrom('positions')
      .select('id')
      .where('unit_id', '=', uid)
      .where('fix_time', '>=', Math.min(...times))
      .where('fix_time', '<=', Math.max(...times))
      .limit(1)
      .executeTakeFirst();
    if (clash) return;
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('positions')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Fixes of a parked vehicle at one spot, every `step` ms from `from` to `to`. */
function parked(
  uid: number,
  at: { lat: number; lon: number },
  from: number,
  to: number,
  step: number,
  odometer: number,
): PositionRow[] {
  const rows: PositionRow[] = [];
  for (let t = from; t <= to; t += step)
    rows.push({
      unit_id: uid,
      fix_time: t,
      server_time: t + 2_000,
      lat: at.lat,
      lon: at.lon,
      speed: 0,
      course: 0,
      altitude: null,
      satellites: 9,
      valid: 1,
      ignition: 0,
      odometer,
      attributes: '{}',
    });
  return rows;
}

/** Drives `path` from `from` at `kmh`, a fix every minute; the rows and when it arrives. */
function drive(
  uid: number,
  path: { lat: number; lon: number }[],
  from: number,
  kmh: number,
  odometer: number,
) {
  const rows: PositionRow[] = [];
  const mps = kmh / 3.6;
  let t = from;
  let odo = odometer;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i];
    const b = path[i + 1];
    const metres = haversineMeters(a.lat, a.lon, b.lat, b.lon);
    const seconds = metres / mps;
    const steps = Math.max(1, Math.round(seconds / 60));
    const course = Math.round(bearingDegrees(a.lat, a.lon, b.lat, b.lon));
    for (let k = 0; k < steps; k++) {
      const f = k / steps;
      rows.push({
        unit_id: uid,
        fix_time: Math.round(t + f * seconds * 1000),
        server_time: Math.round(t + f * seconds * 1000) + 2_000,
        lat: Number((a.lat + (b.lat - a.lat) * f).toFixed(6)),
        lon: Number((a.lon + (b.lon - a.lon) * f).toFixed(6)),
        speed: Math.round(kmh * (0.92 + (0.16 * (((i + k) * 7) % 10)) / 10)),
        course,
        altitude: null,
        satellites: 10,
        valid: 1,
        ignition: 1,
        odometer: Math.round(odo + metres * f),
        attributes: '{}',
      });
    }
    t += seconds * 1000;
    odo += metres;
  }
  return { rows, arrives: Math.round(t), odometer: Math.round(odo) };
}

// The N1 north and the A4 beyond Beitbridge.
const JOHANNESBURG = { lat: -26.2041, lon: 28.0473 };
const N1_NORTH = [
  JOHANNESBURG,
  { lat: -25.7479, lon: 28.2293 }, // Pretoria
  { lat: -24.8849, lon: 28.293 }, // Bela-Bela
  { lat: -24.1944, lon: 29.0097 }, // Mokopane
  { lat: -23.9045, lon: 29.4689 }, // Polokwane
  { lat: -23.0447, lon: 29.905 }, // Makhado
  { lat: -22.3526, lon: 30.0405 }, // Musina
];
/** The South African border post at Beitbridge (inside), and the Zimbabwean one (outside). */
const SA_POST = { lat: -22.225, lon: 29.9917 };
const ZW_POST = { lat: -22.2167, lon: 30.0 };
const A4_NORTH = [ZW_POST, { lat: -21.2406, lon: 30.7378 }, { lat: -20.0637, lon: 30.8277 }];

/** The bus to Masvingo and back, last month: out on day 0, back on day 3. */
async function seedBorderTrip(c: Ctx) {
  const uid = c.uid(RECOVERY_DEMO_UNITS.bus);
  const state = await c.db
    .selectFrom('unit_state')
    .select('odometer')
    .where('unit_id', '=', uid)
    .executeTakeFirst();
  let odo = Math.max(0, (state?.odometer ?? 400_000_000) - 2_500_000);
  const rows: PositionRow[] = [];
  const add = (r: { rows: PositionRow[]; arrives: number; odometer: number }) => {
    rows.push(...r.rows);
    odo = r.odometer;
    return r.arrives;
  };
  const day0 = BORDER_TRIP_DAYS_AGO;
  // Out: Johannesburg 05:00, the queue at the South African post, across, on to Masvingo.
  let t = add(drive(uid, [...N1_NORTH, SA_POST], sast(c.at, day0, 5), 88, odo));
  rows.push(...parked(uid, SA_POST, t + 5 * MIN, t + 95 * MIN, 5 * MIN, odo));
  t = add(drive(uid, [SA_POST, ...A4_NORTH], t + 100 * MIN, 80, odo));
  // Two nights at the Masvingo depot.
  const last = A4_NORTH[A4_NORTH.length - 1];
  const leave = sast(c.at, day0 - 3, 6, 30);
  rows.push(...parked(uid, last, t + 30 * MIN, leave - 30 * MIN, 30 * MIN, odo));
  // Back: the queue at the Zimbabwean post, across, home.
  t = add(drive(uid, [...A4_NORTH].reverse(), leave, 80, odo));
  rows.push(...parked(uid, ZW_POST, t + 5 * MIN, t + 125 * MIN, 5 * MIN, odo));
  t = add(drive(uid, [ZW_POST, SA_POST, ...[...N1_NORTH].reverse()], t + 130 * MIN, 88, odo));
  rows.push(...parked(uid, JOHANNESBURG, t + 5 * MIN, t + 5 * MIN, MIN, odo));
  await insertPositions(c.db, rows);
}

/** The backup unit beside its vehicle: paired, last seen next to it, and a trail of fixes with it. */
async function seedBackupUnit(c: Ctx) {
  const backup = c.uid(RECOVERY_DEMO_UNITS.backup);
  const main = c.uid(RECOVERY_DEMO_UNITS.main);
  await c.db.updateTable('units').set({ backup_of: main }).where('uid', '=', backup).execute();
  const spot = await c.db
    .selectFrom('unit_state')
    .select(['lat', 'lon', 'fix_time', 'server_time', 'odometer'])
    .where('unit_id', '=', main)
    .executeTakeFirst();
  if (!spot) return;
  // About 25 m away: hidden elsewhere in the same vehicle, within a fix's error.
  const near = { lat: spot.lat + 0.00018, lon: spot.lon + 0.00012 };
  await c.db
    .updateTable('unit_state')
    .set({ ...near, fix_time: spot.fix_time, server_time: spot.server_time })
    .where('unit_id', '=', backup)
    .execute();
  // Both parked at the same place for two hours eight days ago (before the simulator's history).
  const from = sast(c.at, 8, 8);
  const to = from + 2 * HOUR;
  const rows = [
    ...parked(main, spot, from, to, 10 * MIN, spot.odometer),
    ...parked(backup, near, from + 30_000, to + 30_000, 10 * MIN, 0),
  ];
  await insertPositions(c.db, rows);
}

export async function seedRecovery(db: Kysely<Database>, demoCid: number): Promise<void> {
  const units = await db
    .selectFrom('units')
    .select(['uid', 'device_id'])
    .where('client_id', '=', demoCid)
    .execute();
  const byDevice = new Map(units.map((u) => [u.device_id, u.uid]));
  const needed = Object.values(RECOVERY_DEMO_UNITS);
  const uidOf = (i: number) => byDevice.get(demoDeviceId('demo', i, DEMO_UNITS[i].protocol));
  // A demo whose vehicles were since deleted or changed gets no desk history.
  if (needed.some((i) => uidOf(i) === undefined)) return;
  const people = await db
    .selectFrom('people')
    .select(['pid', 'first_name', 'surname', 'cellphone'])
    .where('client_id', '=', demoCid)
    .execute();
  const support = await db
    .selectFrom('users')
    .select(['nid', 'client_id', 'username'])
    .where('username', '=', 'support')
    .where('user_type', '=', 'support')
    .executeTakeFirst();
  const c: Ctx = {
    db,
    cid: demoCid,
    at: now(),
    uid: (i) => uidOf(i)!,
    support: support ?? null,
    person: (first, surname) =>
      people.find((p) => p.first_name === first && p.surname === surname) ?? {
        pid: 0,
        cellphone: null,
      },
  };
  await seedBackupUnit(c);
  await seedChaseups(c);
  await seedBorderTrip(c);
}

/** An existing demo without recovery logs gets the desk's history once. */
export async function addMissingDemoRecovery(db: Kysely<Database>): Promise<void> {
  const demo = await db
    .selectFrom('clients')
    .select('cid')
    .where('name', '=', 'Demo Fleet')
    .executeTakeFirst();
  if (!demo) return;
  const any = await db
    .selectFrom('recovery_logs')
    .select('id')
    .where('client_id', '=', demo.cid)
    .limit(1)
    .executeTakeFirst();
  if (!any) await seedRecovery(db, demo.cid);
}
