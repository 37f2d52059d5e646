// The demo's fuel ledger (issue 13 item 8): three monthly fuel batches for Demo Fleet, a weekly fill
// per vehicle at a believable consumption for its class, at odometer readings that climb to where
// the vehicle's odometer is now, and exactly one suspicious fill (a bakkie's 80-litre tank
// "filled" with 142 litres). Other Fleet has one small batch of its own.
//
// The simulator writes only the last week of positions (SIM_BACKFILL_HOURS, 7 days) and after the
// seed has run, so no tracker history exists for older times: the fills end 9 days ago, their
// distances come from the fuel card's odometer readings, and no fill is judged "away from a stop"
// on a tracker that was not there. Dates are relative to the clock, so the demo always looks current.
import type { Insertable, Kysely } from 'kysely';
import { fuelRegKey, isMachineClass, seededRandom } from '@fleet/common';
import type { Database } from '../db';
import type { FuelRowsTable } from '../db/types';
import { now } from '../clock';

const DAY_MS = 86_400_000;
/** The demo users' zone (Africa/Johannesburg, UTC+2 all year): fuel card times are its wall clock. */
const SAST_MS = 2 * 3600_000;
/** Days ago of each weekly fill, oldest first; all before the simulator's week of history. */
const FILL_DAYS = Array.from({ length: 13 }, (_, i) => 95 - i * 7);
/** The three batches: fills at least this many days ago, and when the batch was uploaded. */
const BATCHES = [
  { from: 67, uploaded: 64, name: 'fuel-card-month-1.csv' },
  { from: 39, uploaded: 36, name: 'fuel-card-month-2.csv' },
  { from: 0, uploaded: 8, name: 'fuel-card-month-3.xlsx' },
];
/** The one suspicious fill: the first Toyota Hilux, 18 days ago, more than its tank holds. */
const SUSPICIOUS = { model: 'Hilux', daysAgo: 18, litres: 142 };

/** Litres per 100 km (or per engine hour for machines) by vehicle class. */
const CONSUMPTION: Record<string, number> = {
  hatchback: 6.5,
  sedan: 7.5,
  bakkie: 9.5,
  suv: 10,
  minibus: 11,
  van: 10.5,
  small_truck: 16,
  large_truck: 30,
  truck_trailer: 38,
  bus: 32,
  motorcycle: 3,
  tractor: 12,
  construction: 18,
};

/** A fuel_rows row before its batch is known. */
type SeedRow = Omit<Insertable<FuelRowsTable>, 'id' | 'batch_id' | 'client_id'> & {
  fill_time: number;
};

const wallClock = (at: number) =>
  new Date(at + SAST_MS).toISOString().slice(0, 16).replace('T', ' ');
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The fills of a client's vehicles that have a tank, in time order. */
async function fillsOf(db: Kysely<Database>, cid: number, seed: number): Promise<SeedRow[]> {
  const units = await db
    .selectFrom('units')
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .select([
      'units.uid',
      'units.reg',
      'units.model',
      'units.vehicle_class_ref',
      'units.tank_size',
      'units.odometer_offset',
      'unit_state.odometer',
      'unit_state.engine_hours',
    ])
    .where('units.client_id', '=', cid)
    .where('units.reg', '!=', '')
    .where('units.tank_size', 'is not', null)
    .orderBy('units.uid')
    .execute();
  const rand = seededRandom(seed);
  const at = now();
  const rows: SeedRow[] = [];
  let suspiciousDone = false;
  for (const u of units) {
    const tank = Number(u.tank_size);
    const machine = isMachineClass(u.vehicle_class_ref);
    const rate = CONSUMPTION[u.vehicle_class_ref] ?? 10;
    // A week's use fills 50-80 % of the tank.
    const weekLitres = tank * (0.5 + rand() * 0.3);
    const perDay = weekLitres / 7 / (machine ? rate : rate / 100);
    const kmPerDay = machine ? 15 : perDay;
    const odoNow = Number(u.odometer ?? 0) / 1000 + Number(u.odometer_offset ?? 0);
    const hoursNow = Number(u.engine_hours ?? 0) / 3600;
    for (const days of FILL_DAYS) {
      const time = at - days * DAY_MS - Math.round((2 + rand() * 8) * 3600_000);
      const ago = (at - time) / DAY_MS + 7;
      const odometer = Math.max(0, round(odoNow - ago * kmPerDay, 0));
      const hours = machine ? Math.max(0, round(hoursNow - ago * perDay, 1)) : null;
      let litres = round(weekLitres * (0.92 + rand() * 0.16), 2);
      if (
        !suspiciousDone &&
        days === SUSPICIOUS.daysAgo &&
        (u.model ?? '').includes(SUSPICIOUS.model)
      ) {
        litres = SUSPICIOUS.litres;
        suspiciousDone = true;
      }
      rows.push({
        line: 0,
        unit_id: u.uid,
        reg: fuelRegKey(u.reg),
        datetimestamp: wallClock(time),
        fill_time: time,
        litres,
        hours,
        odometer,
        error: null,
      });
    }
  }
  return rows.sort((a, b) => a.fill_time - b.fill_time);
}

async function addBatch(
  db: Kysely<Database>,
  cid: number,
  name: string,
  uploadedAt: number,
  rows: SeedRow[],
  uploadedBy: string,
): Promise<void> {
  const valid = rows.filter((r) => !r.error);
  const { id } = await db
    .insertInto('fuel_batches')
    .values({
      client_id: cid,
      file_name: name,
      uploaded_by: null,
      uploaded_by_name: uploadedBy,
      created: uploadedAt,
      uploaded_datetime: uploadedAt,
      finished: 1,
      row_count: rows.length,
      valid_count: valid.length,
      litres: round(
        valid.reduce((s, r) => s + (r.litres ?? 0), 0),
        2,
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('fuel_rows')
      .values(
        rows
          .slice(i, i + 500)
          .map((r, k) => ({ ...r, line: i + k + 2, batch_id: id, client_id: cid })),
      )
      .execute();
  }
}

/** Rows a person would get wrong in a month's file: kept with their error, as an import keeps them. */
function mistakes(at: number): SeedRow[] {
  const time = at - 12 * DAY_MS;
  return [
    {
      line: 0,
      unit_id: null,
      reg: 'ZZ999GP',
      datetimestamp: wallClock(time),
      fill_time: time,
      litres: 45,
      hours: null,
      odometer: 120450,
      error: 'Registration ZZ999GP is none of your vehicles',
    },
    {
      line: 0,
      unit_id: null,
      reg: 'BX100GP',
      datetimestamp: wallClock(time + 3600_000),
      fill_time: time + 3600_000,
      litres: null,
      hours: null,
      odometer: null,
      error: 'Missing or invalid: Litres, Odometer',
    },
  ];
}

export async function seedFuel(db: Kysely<Database>, demo: number, other: number): Promise<void> {
  const at = now();
  const demoFills = await fillsOf(db, demo, 1313);
  for (const [i, b] of BATCHES.entries()) {
    const until = i === 0 ? Infinity : BATCHES[i - 1].from;
    const rows = demoFills.filter((r) => {
      const days = (at - r.fill_time) / DAY_MS;
      return days >= b.from && days < until;
    });
    if (i === BATCHES.length - 1) rows.push(...mistakes(at));
    await addBatch(db, demo, b.name, at - b.uploaded * DAY_MS, rows, 'demo');
  }
  const otherFills = (await fillsOf(db, other, 77)).filter((r) => at - r.fill_time < 30 * DAY_MS);
  await addBatch(db, other, 'other-fleet-fuel.csv', at - 5 * DAY_MS, otherFills, 'other');
}

/** An existing demo without fuel batches gets them once. */
export async function addMissingDemoFuel(db: Kysely<Database>): Promise<void> {
  const clients = await db
    .selectFrom('clients')
    .select(['cid', 'name'])
    .where('name', 'in', ['Demo Fleet', 'Other Fleet'])
    .execute();
  const demo = clients.find((c) => c.name === 'Demo Fleet');
  const other = clients.find((c) => c.name === 'Other Fleet');
  if (!demo || !other) return;
  const any = await db
    .selectFrom('fuel_batches')
    .select('id')
    .where('client_id', 'in', [demo.cid, other.cid])
    .limit(1)
    .executeTakeFirst();
  if (!any) await seedFuel(db, demo.cid, other.cid);
}
