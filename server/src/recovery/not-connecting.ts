// Chase-up type 11 "Unit issue: not connecting" (issue 16 item 4; SPEC §8, §9): a unit on a
// recovery service (recovery, stealth, backup, full) that is active and has sent nothing for
// NOT_CONNECTING_MS raises one chase-up per silence: not again until the unit has reported since
// (its unit_state.server_time, the time of its newest record, passes the chase-up's time). A unit
// that never reported has no silence to measure and raises none. The chase-up has no device event;
// it goes to the technical check first (state 10 "investigate first"), or is filed as "don't
// chase up" (7) when the client opted out. The job (jobs/not-connecting.ts) publishes the rows
// this answers after the commit.
import type { Kysely } from 'kysely';
import { CHASEUP_STATE_DONT_CHASE, CHASEUP_STATE_INVESTIGATE } from '@fleet/common';
import type { Database } from '../db';
import type { ChaseupMessage } from '../live/bus';
import { NOT_CONNECTING_MS, RECOVERY_SERVICE_TYPES } from './limits';
import { chaseupMessage } from './store';

/** SPEC §4 client state 1 Active: the units of disabled, written-off or deleted clients are not watched. */
const CLIENT_STATE_ACTIVE = 1;

/** SPEC §8 chase-up type 11. */
export const CHASEUP_NOT_CONNECTING = 11;

/** Raises the chase-ups of units silent at `at`; the rows inserted, to publish after the commit. */
export async function raiseNotConnecting(
  db: Kysely<Database>,
  at: number,
): Promise<ChaseupMessage[]> {
  return db.transaction().execute(async (trx) => {
    const silent = await trx
      .selectFrom('units')
      .innerJoin('unit_state', 'unit_state.unit_id', 'units.uid')
      .innerJoin('clients', 'clients.cid', 'units.client_id')
      .select([
        'units.uid',
        'units.client_id',
        'unit_state.server_time',
        'unit_state.fix_time',
        'unit_state.lat',
        'unit_state.lon',
        'clients.chase_up',
      ])
      .where('units.active', '=', 1)
      .where('clients.state', '=', CLIENT_STATE_ACTIVE)
      .where('units.service_type', 'in', [...RECOVERY_SERVICE_TYPES])
      .where('unit_state.server_time', '<=', at - NOT_CONNECTING_MS)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('chaseup_events')
              .select('chaseup_events.id')
              .whereRef('chaseup_events.unit_id', '=', 'units.uid')
              .where('chaseup_events.type', '=', CHASEUP_NOT_CONNECTING)
              .whereRef('chaseup_events.time', '>=', 'unit_state.server_time'),
          ),
        ),
      )
      .orderBy('units.uid')
      .execute();
    if (!silent.length) return [];
    const rows = silent.map((u) => {
      const located = Number(u.fix_time) > 0;
      return {
        client_id: u.client_id,
        unit_id: u.uid,
        type: CHASEUP_NOT_CONNECTING,
        state: u.chase_up === 0 ? CHASEUP_STATE_DONT_CHASE : CHASEUP_STATE_INVESTIGATE,
        time: at,
        lat: located ? u.lat : null,
        lon: located ? u.lon : null,
        description: `Nothing received for more than ${NOT_CONNECTING_MS / 3600_000} hours`,
        created: at,
      };
    });
    const inserted = await trx
      .insertInto('chaseup_events')
      .values(rows)
      .returning(['id', 'unit_id'])
      .execute();
    const byUnit = new Map(rows.map((r) => [r.unit_id, r]));
    return inserted.map((r) => chaseupMessage(Number(r.id), byUnit.get(r.unit_id)!));
  });
}
