// A rule, a rule alert, a label, a fleet, a notice and a panic remote of a client, for the
// tenant-isolation walk and the fuzzer: the client's first ones, made here when it has none yet.
// The notice is one for this client alone, so that another client's user must not find it.
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db';

export interface RuleIds {
  rid: number;
  raid: number;
  tgid: number;
  fid: number;
  tid: number;
  remote: number;
}

export async function ruleIds(db: Kysely<Database>, clientId: number): Promise<RuleIds> {
  const now = Date.now();
  const unit = await db
    .selectFrom('units')
    .select('uid')
    .where('client_id', '=', clientId)
    .orderBy('uid')
    .executeTakeFirstOrThrow();
  const tag =
    (await db
      .selectFrom('tags')
      .select('tgid')
      .where('client_id', '=', clientId)
      .orderBy('tgid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('tags')
      .values({ client_id: clientId, name: 'Isolation Label', created: now, updated: now })
      .returning('tgid')
      .executeTakeFirstOrThrow());
  await db
    .insertInto('unit_tags')
    .values({ tag_id: tag.tgid, unit_id: unit.uid, client_id: clientId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const fleet =
    (await db
      .selectFrom('fleets')
      .select('fid')
      .where('client_id', '=', clientId)
      .orderBy('fid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('fleets')
      .values({ client_id: clientId, name: 'Isolation Fleet', created: now, updated: now })
      .returning('fid')
      .executeTakeFirstOrThrow());
  await db
    .insertInto('fleet_units')
    .values({ fleet_id: fleet.fid, unit_id: unit.uid, client_id: clientId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rule =
    (await db
      .selectFrom('rules')
      .select('rid')
      .where('client_id', '=', clientId)
      .orderBy('rid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('rules')
      .values({
        client_id: clientId,
        name: 'Isolation Speeding',
        type: 'speeding',
        apply_type: 'all',
        apply_to: '[]',
        fid: null,
        param: JSON.stringify({ limit: 120, grace_s: 10 }),
        emails: '[]',
        sms: '[]',
        phones: '[]',
        days: '[1,2,3,4,5,6,7]',
        start_min: 0,
        end_min: 1440,
        active: 1,
        created: now,
        updated: now,
      })
      .returning('rid')
      .executeTakeFirstOrThrow());
  const alert =
    (await db
      .selectFrom('rule_alerts')
      .select('raid')
      .where('client_id', '=', clientId)
      .orderBy('raid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('rule_alerts')
      .values({
        client_id: clientId,
        rule_id: rule.rid,
        rule_name: 'Isolation Speeding',
        type: 'speeding',
        unit_id: unit.uid,
        time: now - 600_000,
        end_time: now - 300_000,
        open: 0,
        lat: -26.2,
        lon: 28.05,
        speed: 131,
        evidence: JSON.stringify({ limit: 120, peak: 131, duration_s: 300, grace_s: 10 }),
        created: now,
      })
      .returning('raid')
      .executeTakeFirstOrThrow());
  const notice =
    (await db
      .selectFrom('notices')
      .innerJoin('notice_clients', 'notice_clients.notice_id', 'notices.tid')
      .select('notices.tid')
      .where('notices.all_clients', '=', 0)
      .where('notice_clients.client_id', '=', clientId)
      .orderBy('notices.tid')
      .executeTakeFirst()) ??
    (await db
      .insertInto('notices')
      .values({
        title: 'Isolation notice',
        message: '<p>For one client only</p>',
        type: 0,
        priority: 1,
        all_clients: 0,
        created: now,
        updated: now,
      })
      .returning('tid')
      .executeTakeFirstOrThrow());
  await db
    .insertInto('notice_clients')
    .values({ notice_id: notice.tid, client_id: clientId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const remote =
    (await db
      .selectFrom('remotes')
      .select('id')
      .where('client_id', '=', clientId)
      .orderBy('id')
      .executeTakeFirst()) ??
    (await db
      .insertInto('remotes')
      .values({
        client_id: clientId,
        remote_id: 'ISOLATION-1',
        unit_id: unit.uid,
        holder_pid: null,
        holder_name: 'Isolation Holder',
        last_press: null,
        created: now,
        updated: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  return {
    rid: rule.rid,
    raid: alert.raid,
    tgid: tag.tgid,
    fid: fleet.fid,
    tid: notice.tid,
    remote: remote.id,
  };
}
