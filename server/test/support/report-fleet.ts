// A hand-made client in Kolkata (UTC+05:30, so a local day or week is not a UTC one) for the
// Multiple Vehicles, Driver, Export and Advanced report tests (issue 14): three vehicles, two
// drivers, trips with their idle time and speed bands, harsh events and positions, whose figures
// the tests work out by hand. Distances are stored metres shown in km with 2 decimals; the first
// trip's is a great-circle leg with R = 6378137 m (0.45° of latitude: 50,093.77 m, 50.09 km).
import type { Insertable } from 'kysely';
import type { ReportRow, Role } from '@fleet/common';
import type { PositionsTable, TripsTable } from '../../src/db/types';
import { resetClock, setClock } from '../../src/clock';
import { buildReport } from '../../src/reports/run';
import type { ServerReportDoc, StreamedTable } from '../../src/reports/model';
import { TaskContext } from '../../src/tasks/context';
import type { SessionUser } from '../../src/auth/sessions';
import { createTestApp, type TestApp } from './test-app';
import { addHandClient, addHandEvent, addHandUnit } from './hand-fleet';
import { insertPerson } from './people';
import { positionRow, tripRow } from './raw-rows';

export const ZONE = 'Asia/Kolkata';
/** A local time in Kolkata on a day of March 2026, as epoch ms. */
export const L = (day: number, h: number, m = 0) => Date.UTC(2026, 2, day, h, m) - 330 * 60_000;
export const NOW = L(20, 12);
const R = 6378137;
const A1_METRES = R * ((0.45 * Math.PI) / 180);
/** The period the reports run over unless told: Wednesday 4 to Tuesday 17 March 2026. */
export const PERIOD = ['2026-03-04', '2026-03-17'];

let t: TestApp;
let cid: number;
const db = () => t.running.services.db.db;

const ROLES: Role[] = ['feature_reports', 'feature_drivers_view'];

function ctxFor(clientId: number): TaskContext {
  const user: SessionUser = {
    nid: 1,
    clientId,
    username: 'hand',
    userType: 'full',
    roles: ROLES,
    allUnits: true,
    sessionId: 1,
  };
  return new TaskContext(db(), user, t.running.services, {
    requestId: 'test',
    ip: '127.0.0.1',
    userAgent: 'vitest',
    channel: 'test',
  });
}

const histogram = (h: Partial<Record<string, number>>) =>
  JSON.stringify({ low: 0, '60s': 0, '80s': 0, '100s': 0, '120s': 0, high: 0, ...h });

/** A trip (or with `type: 1` a stop) of a unit of the hand client. */
async function trip(
  unit: number,
  start: number,
  end: number,
  f: {
    metres?: number;
    max?: number;
    idle?: number;
    driver?: number | null;
    label?: string;
    hist?: Partial<Record<string, number>>;
    type?: number;
  } = {},
) {
  await db()
    .insertInto('trips')
    .values(
      tripRow(unit, cid, start, end, {
        type: f.type ?? 0,
        distance: f.metres ?? 0,
        max_speed: f.max ?? 0,
        idle_time: f.idle ?? 0,
        driver_id: f.driver ?? null,
        label: f.label ?? 'unlabeled',
        speed_histogram: f.type ? '{}' : histogram(f.hist ?? {}),
      }) as Insertable<TripsTable>,
    )
    .execute();
}

const person = (client: number, first_name: string, surname: string) =>
  insertPerson(db(), client, { first_name, surname, roles: '[6]', created: NOW });

/** `n` positions of a unit one second apart from `from`, speed cycling 0..99. */
async function positions(unit: number, from: number, n: number) {
  const rows = Array.from({ length: n }, (_, i) =>
    positionRow(unit, from + i * 1000, {
      lat: -26 - i * 1e-5,
      speed: i % 100,
      altitude: 1500,
      ignition: i % 2,
      odometer: 1000 + i * 10,
    }),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await db()
      .insertInto('positions')
      .values(rows.slice(i, i + 1000) as Insertable<PositionsTable>[])
      .execute();
}

/** The hand-made fleet a report test runs against, and how to run a report on it. */
export interface ReportFleet {
  t: TestApp;
  /** alpha, bravo (with trips), charlie (never reported) */
  uid: Record<string, number>;
  /** ann, ben: drivers */
  pid: Record<string, number>;
  /** a unit and a person of another client */
  otherUid: number;
  otherPid: number;
  units(): number[];
  /** A report over PERIOD (params may set another date_range) for the hand-made client. */
  run(
    report: string,
    params: Record<string, unknown>,
    rowCap?: number | null,
  ): Promise<ServerReportDoc>;
  close(): Promise<void>;
}

/** Starts the app on a pinned clock and writes the hand-made client (and one other client). */
export async function setUpReportFleet(): Promise<ReportFleet> {
  const uid: Record<string, number> = {};
  const pid: Record<string, number> = {};
  t = await createTestApp({ CLOCK_START: new Date(NOW).toISOString() });
  setClock({ start: NOW, rate: 0 });
  cid = await addHandClient(db(), 'Report Fleet', [{ username: 'reporter', type: 'full' }], NOW);
  await db().updateTable('clients').set({ timezone: ZONE }).where('cid', '=', cid).execute();
  uid.alpha = await addHandUnit(
    db(),
    cid,
    {
      name: 'Alpha',
      state: { fix_time: NOW - 3600_000, lat: -25.7479, lon: 28.2293, speed: 0, ignition: 1 },
    },
    NOW,
  );
  uid.bravo = await addHandUnit(db(), cid, { name: 'Bravo' }, NOW);
  uid.charlie = await addHandUnit(db(), cid, { name: 'Charlie', state: null }, NOW);
  pid.ann = await person(cid, 'Ann', 'Driver');
  pid.ben = await person(cid, 'Ben', 'Driver');

  // Alpha: Wed 4 Mar 08:00-09:00 (Ann, business, 110 km/h top, 5 min idle), then parked 3 h;
  // Sun 8 Mar 23:30 to Mon 9 Mar 00:30 (Ben, personal, 130 km/h); Tue 17 Mar 23:00 to Wed 18
  // 01:00, past the period's end (no driver, 10 min idle).
  await trip(uid.alpha, L(4, 8), L(4, 9), {
    metres: A1_METRES,
    max: 110,
    idle: 300,
    driver: pid.ann,
    label: 'business',
    hist: { low: 1800, '60s': 600, '80s': 600, '100s': 600 },
  });
  await trip(uid.alpha, L(4, 9), L(4, 12), { type: 1 });
  await trip(uid.alpha, L(8, 23, 30), L(9, 0, 30), {
    metres: 40_000,
    max: 130,
    driver: pid.ben,
    label: 'personal',
    hist: { low: 1200, '80s': 600, '100s': 600, '120s': 1200 },
  });
  await trip(uid.alpha, L(17, 23), L(18, 1), {
    metres: 20_000,
    max: 70,
    idle: 600,
    hist: { low: 3600, '60s': 3600 },
  });
  // Before the period: not counted anywhere.
  await trip(uid.alpha, L(2, 8), L(2, 9), { metres: 99_000, max: 160, driver: pid.ann });
  // Bravo: Thu 5 Mar 10:00-10:30 (Ann, business, 150 km/h, 1 min idle).
  await trip(uid.bravo, L(5, 10), L(5, 10, 30), {
    metres: 12_345,
    max: 150,
    idle: 60,
    driver: pid.ann,
    label: 'business',
    hist: { low: 600, '120s': 600, high: 600 },
  });

  // Harsh events: Alpha brakes twice on its first trip, accelerates while parked, corners on Ben's
  // trip after midnight; Bravo accelerates on its trip. Ignition and an event before the period
  // do not count.
  await addHandEvent(db(), cid, uid.alpha, 'harsh_braking', L(4, 8, 10));
  await addHandEvent(db(), cid, uid.alpha, 'harsh_braking', L(4, 8, 20));
  await addHandEvent(db(), cid, uid.alpha, 'harsh_acceleration', L(4, 15));
  await addHandEvent(db(), cid, uid.alpha, 'harsh_cornering', L(9, 0, 10));
  await addHandEvent(db(), cid, uid.alpha, 'ignition_on', L(4, 7, 59));
  await addHandEvent(db(), cid, uid.alpha, 'harsh_braking', L(2, 8, 30));
  await addHandEvent(db(), cid, uid.bravo, 'harsh_acceleration', L(5, 10, 15));

  // Positions on 10 Mar: 7,000 of Alpha, 5,500 of Bravo; three of Alpha before the period.
  await positions(uid.alpha, L(10, 8), 7000);
  await positions(uid.bravo, L(10, 9), 5500);
  await positions(uid.alpha, L(3, 8), 3);

  const other = await addHandClient(
    db(),
    'Other Fleet',
    [{ username: 'stranger', type: 'full' }],
    NOW,
  );
  const otherUid = await addHandUnit(db(), other, { name: 'Foreign' }, NOW);
  const otherPid = await person(other, 'Zed', 'Foreign');
  const app = t;
  const clientId = cid;
  return {
    t: app,
    uid,
    pid,
    otherUid,
    otherPid,
    units: () => [uid.alpha, uid.bravo, uid.charlie],
    run: (report, params, rowCap = null) =>
      buildReport(
        ctxFor(clientId),
        { report, date_range: PERIOD, ...params },
        { rowCap, brand: { title: 'Test', logo: null } },
      ),
    async close() {
      resetClock();
      await app.close();
    },
  };
}

/** The report's primary table (the one the CSV carries). */
export const primary = (doc: ServerReportDoc) =>
  doc.sections.find((s) => s.kind === 'table' && s.primary) as StreamedTable;

/** Rows by the text of one of their cells. */
export const byFirst = (rows: ReportRow[], key: string) =>
  Object.fromEntries(rows.map((r) => [String(r[key]), r]));

/** Every note of the report, as one text. */
export const notes = (doc: ServerReportDoc) =>
  doc.sections.flatMap((s) => (s.kind === 'note' ? [s.text] : [])).join(' ');
