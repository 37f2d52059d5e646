// The chase-up queue and its work (issue 16 items 2, 3 and 8; SPEC §3 Chase-up event, §4 states,
// §7 get_chaseup_events_count_new). An agent takes a chase-up with ONE conditional UPDATE (it must
// be unassigned or already theirs, and not locked), so of two agents taking it at once exactly one
// row changes and the other is told who has it, on SQLite and PostgreSQL alike. Only the agent it
// is assigned to moves it through Assigned, Customer Contacted, Resolved or Cancelled (taking it
// first when nobody has it); 3 and 4 lock it. The agent who has it (or anyone while nobody has it)
// may hand it to another support user; handing it back (assigned_to_username null) puts it back on
// the queue as New, so it counts and rings again. A note alone is accepted on a locked chase-up. Every change is in the change log (entity
// 'Chase-up'), which the detail page's timeline reads back.
import { sql } from 'kysely';
import {
  CHASEUP_STATE_CANCELLED,
  CHASEUP_STATE_RESOLVED,
  callOutcomeName,
  chaseupTypeName,
  eventLabel,
  isChaseupLocked,
  isSupportType,
  type ChaseupDetail,
  type ChaseupEvidence,
  type TimelineItem,
} from '@fleet/common';
import { now } from '../../clock';
import { json } from '../../db';
import type { TaskContext } from '../context';
import { TaskError } from '../errors';
import { iso, listAnswer, pageOf } from '../paging';
import { defineTask } from '../registry';
import { userTimeZone } from '../units';
import {
  chaseupQuery,
  CHASEUP_SELECT,
  clientContacts,
  countChaseups,
  findChaseup,
  listChaseups,
  recoveryUnit,
  toChaseupEvent,
  type ChaseupRowFields,
} from './rows';
import { assertSupport, RECOVERY_ROLES } from './support';

const LOCKED_STATES = [CHASEUP_STATE_RESOLVED, CHASEUP_STATE_CANCELLED];
const NEW = 0;
const ASSIGNED = 1;

/** "Chase-up 12 is resolved: it can no longer be changed". */
function lockedError(row: ChaseupRowFields): TaskError {
  const how = Number(row.state) === CHASEUP_STATE_RESOLVED ? 'resolved' : 'cancelled';
  return new TaskError(`Chase-up ${row.id} is ${how}: it can no longer be changed`);
}

/** A time of day in the user's zone ("10:02"). */
async function clockTime(ctx: TaskContext, at: number | null): Promise<string> {
  if (at === null) return '';
  const zone = await userTimeZone(ctx);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Johannesburg',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }
  return format.format(new Date(at));
}

/**
 * Why a conditional update changed no row, read after it: locked, or someone else has it. Reading
 * after the failed update sees the winner's committed row (PostgreSQL waits on the row lock and
 * re-checks the condition; SQLite runs write transactions one at a time).
 */
async function refusal(ctx: TaskContext, id: number, me: string): Promise<TaskError> {
  const row = await findChaseup(ctx, id);
  if (isChaseupLocked(Number(row.state))) return lockedError(row);
  const who = row.assigned_to_username;
  if (who && who !== me) {
    const at = await clockTime(ctx, row.taken_at ?? row.updated);
    return new TaskError(`Chase-up ${id} was taken by ${who}${at ? ` at ${at}` : ''}`);
  }
  if (!who) return new TaskError(`Chase-up ${id} is not assigned to anyone: take it first`);
  return new TaskError(`Chase-up ${id} changed meanwhile: please try again`);
}

/** Assigns the chase-up to `to` unless someone else has it or it is locked; New and internal states become Assigned. */
async function assign(ctx: TaskContext, id: number, to: string, me: string, at: number) {
  const res = await ctx.tenant
    .updateTable('chaseup_events')
    .set({
      assigned_to_username: to,
      state: sql<number>`case when state in (1, 2) then state else ${ASSIGNED} end`,
      taken_at: sql<number>`coalesce(taken_at, ${at})`,
      updated: at,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('assigned_to_username', 'is', null), eb('assigned_to_username', '=', me)]),
    )
    .where('state', 'not in', LOCKED_STATES)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw await refusal(ctx, id, me);
}

/** The support user a chase-up may be handed to, or a refusal naming them. */
async function supportUser(ctx: TaskContext, username: string): Promise<string> {
  const user = await ctx.tenant
    .selectFrom('users')
    .select(['users.username', 'users.user_type'])
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!user || !isSupportType(user.user_type))
    throw new TaskError(`assigned_to_username: ${username} is not a support user`);
  return user.username;
}

const STATE_WORDS: Record<number, (id: number) => string> = {
  1: (id) => `Chase-up ${id} back to Assigned`,
  2: (id) => `Customer contacted for chase-up ${id}`,
  3: (id) => `Resolved chase-up ${id}`,
  4: (id) => `Cancelled chase-up ${id}`,
};

const getChaseupEvents = defineTask({
  name: 'get_chaseup_events',
  roles: RECOVERY_ROLES,
  probe: (f) => ({ cid: f.cid, filter: 'all' }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const where = { filter: p.filter, uid: p.uid, cid: p.cid };
    const { limit, offset } = pageOf(p);
    const [rows, count] = [
      await listChaseups(ctx, where, limit, offset),
      await countChaseups(ctx, where),
    ];
    return listAnswer('chaseup_events', rows, count, p.page_size);
  },
});

const getChaseupEventsCountNew = defineTask({
  name: 'get_chaseup_events_count_new',
  roles: RECOVERY_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    assertSupport(ctx);
    // Index chaseup_events_state (state, id): a range of the index, no table rows read.
    const { n } = await ctx.tenant
      .selectFrom('chaseup_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chaseup_events.state', '=', NEW)
      .executeTakeFirstOrThrow();
    return { count: Number(n) };
  },
});

/** What raised the chase-up: its device event with the attributes, or its rule alert. */
async function evidenceOf(ctx: TaskContext, row: ChaseupRowFields): Promise<ChaseupEvidence> {
  const event =
    row.device_event_id === null
      ? undefined
      : await ctx.tenant
          .selectFrom('device_events')
          .select(['id', 'type', 'time', 'lat', 'lon', 'speed', 'attributes'])
          .where('id', '=', Number(row.device_event_id))
          .executeTakeFirst();
  const alert =
    row.rule_alert_id === null
      ? undefined
      : await ctx.tenant
          .selectFrom('rule_alerts')
          .select(['raid', 'rule_name', 'type', 'time'])
          .where('raid', '=', Number(row.rule_alert_id))
          .executeTakeFirst();
  return {
    device_event: event
      ? {
          id: Number(event.id),
          type: event.type,
          label: eventLabel(event.type),
          time: iso(Number(event.time)),
          lat: event.lat === null ? null : Number(event.lat),
          lon: event.lon === null ? null : Number(event.lon),
          speed: event.speed === null ? null : Number(event.speed),
          attributes: json.parse<Record<string, unknown>>(event.attributes, {}),
        }
      : null,
    rule_alert: alert
      ? {
          raid: Number(alert.raid),
          rule_name: alert.rule_name,
          type: alert.type,
          time: iso(Number(alert.time)),
        }
      : null,
  };
}

/** Kinds at the same instant: the later steps of a case first. */
const KIND_ORDER: Record<TimelineItem['kind'], number> = {
  recovery_log: 4,
  call: 3,
  comment: 2,
  state: 1,
  event: 0,
};
type Dated = TimelineItem & { at: number; seq: number };

/**
 * The case in one list, newest first: the chase-up's own event and the duplicates folded into it,
 * every change the desk made (the change log of entity 'Chase-up'), the calls, the comments and a
 * recovery log opened from it.
 */
async function timelineOf(ctx: TaskContext, row: ChaseupRowFields): Promise<Dated[]> {
  const id = Number(row.id);
  const items: Dated[] = [];
  const add = (
    at: number,
    seq: number,
    kind: Dated['kind'],
    text: string,
    username: string | null,
    ref: number | null,
  ) => items.push({ at, seq, time: iso(at), kind, text, username, ref });
  const typeName = chaseupTypeName(Number(row.type));
  add(
    Number(row.time),
    0,
    'event',
    row.description ? `${typeName}: ${row.description}` : typeName,
    null,
    row.device_event_id ?? row.rule_alert_id,
  );
  const duplicates = await ctx.tenant
    .selectFrom('chaseup_events')
    .select(['id', 'type', 'time', 'device_event_id', 'rule_alert_id'])
    .where('unit_id', '=', Number(row.unit_id))
    .where('duplicate_of', '=', id)
    .execute();
  for (const d of duplicates) {
    add(
      Number(d.time),
      Number(d.id),
      'event',
      `${chaseupTypeName(Number(d.type))} again (chase-up ${d.id}, a duplicate)`,
      null,
      d.device_event_id ?? d.rule_alert_id,
    );
  }
  const changes = await ctx.tenant
    .selectFrom('change_logs')
    .select(['id', 'datetimestamp', 'username', 'description'])
    .where('entity_type', '=', 'Chase-up')
    .where('entity_id', '=', String(id))
    .execute();
  for (const c of changes) {
    add(Number(c.datetimestamp), Number(c.id), 'state', c.description, c.username, null);
  }
  const calls = await ctx.tenant
    .selectFrom('call_logs')
    .select(['id', 'name', 'number', 'outcome', 'notes', 'username', 'created'])
    .where('chaseup_id', '=', id)
    .execute();
  for (const c of calls) {
    const notes = c.notes ? ` (${c.notes})` : '';
    add(
      Number(c.created),
      Number(c.id),
      'call',
      `Called ${c.name} (${c.number}): ${callOutcomeName(c.outcome)}${notes}`,
      c.username,
      Number(c.id),
    );
  }
  const comments = await ctx.tenant
    .selectFrom('chaseup_comments')
    .select(['id', 'text', 'username', 'created'])
    .where('chaseup_id', '=', id)
    .execute();
  for (const c of comments) {
    add(Number(c.created), Number(c.id), 'comment', c.text, c.username, Number(c.id));
  }
  const logs = await ctx.tenant
    .selectFrom('recovery_logs')
    .select(['id', 'state', 'created', 'created_by'])
    .where('unit_id', '=', Number(row.unit_id))
    .where('chaseup_id', '=', id)
    .execute();
  for (const l of logs) {
    add(
      Number(l.created),
      Number(l.id),
      'recovery_log',
      `Recovery log ${l.id} opened`,
      l.created_by,
      Number(l.id),
    );
  }
  return items.sort(
    (a, b) => b.at - a.at || KIND_ORDER[b.kind] - KIND_ORDER[a.kind] || b.seq - a.seq,
  );
}

const getChaseupEvent = defineTask({
  name: 'get_chaseup_event',
  roles: RECOVERY_ROLES,
  probe: () => ({ id: 1 }),
  async handler(ctx, p): Promise<ChaseupDetail> {
    assertSupport(ctx);
    const at = now();
    const row = await findChaseup(ctx, p.id);
    const client = await chaseupQuery(ctx)
      .select(['clients.cid', 'clients.name', 'clients.timezone', 'clients.chase_up'])
      .where('chaseup_events.id', '=', p.id)
      .executeTakeFirst();
    const cid = Number(row.client_id);
    const { contacts, after_hours } = await clientContacts(ctx, cid, at);
    const timeline = await timelineOf(ctx, row);
    const log = await ctx.tenant
      .selectFrom('recovery_logs')
      .select('id')
      .where('unit_id', '=', Number(row.unit_id))
      .where('chaseup_id', '=', p.id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      chaseup_event: toChaseupEvent(row, at),
      unit: await recoveryUnit(ctx, Number(row.unit_id)),
      client: {
        cid,
        name: client?.name ?? `Client ${cid}`,
        timezone: client?.timezone || 'Africa/Johannesburg',
        chase_up: Number(client?.chase_up ?? 1) !== 0,
      },
      evidence: await evidenceOf(ctx, row),
      contacts,
      after_hours,
      timeline: timeline.map(({ at: _a, seq: _s, ...item }) => item),
      recovery_log_id: log ? Number(log.id) : null,
    };
  },
});

const setChaseupEvent = defineTask({
  name: 'set_chaseup_event',
  roles: RECOVERY_ROLES,
  entityType: 'Chase-up',
  probe: () => ({ id: 1, take: true }),
  async handler(ctx, p) {
    assertSupport(ctx);
    const me = ctx.user.username;
    const at = now();
    const before = await findChaseup(ctx, p.id);
    const handOver = p.assigned_to_username !== undefined;
    const changes = p.take === true || handOver || p.state !== undefined;
    if (!changes && !p.note)
      throw new TaskError('Say what to change: take it, hand it over, set its state or add a note');
    if (p.take && handOver)
      throw new TaskError('Either take the chase-up or hand it over, not both');
    if (handOver && p.state !== undefined)
      throw new TaskError('Either hand the chase-up over or change its state, not both');
    // A note after the fact is fine on a locked chase-up; a change is not.
    if (changes && isChaseupLocked(Number(before.state))) throw lockedError(before);
    const event = toChaseupEvent(before, at);
    const log = (description: string) =>
      ctx.changeLog({ action: 'E', entityType: 'Chase-up', entityId: p.id, description });

    const mustTake =
      p.take === true || (p.state !== undefined && before.assigned_to_username !== me);
    if (mustTake) {
      await assign(ctx, p.id, me, me, at);
      log(`Took chase-up ${p.id} (${event.type_name}, ${event.unit_name})`);
    }
    if (handOver) {
      const to = p.assigned_to_username;
      if (to === null || to === undefined) {
        if (before.assigned_to_username === null)
          throw new TaskError(`Chase-up ${p.id} is not assigned to anyone`);
        // Back on the queue: New again, so it counts and rings again.
        const res = await ctx.tenant
          .updateTable('chaseup_events')
          .set({
            assigned_to_username: null,
            state: sql<number>`case when state in (1, 2) then ${NEW} else state end`,
            updated: at,
          })
          .where('id', '=', p.id)
          .where('assigned_to_username', '=', me)
          .where('state', 'not in', LOCKED_STATES)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw await refusal(ctx, p.id, me);
        log(`Put chase-up ${p.id} back on the queue`);
      } else {
        const target = await supportUser(ctx, to);
        await assign(ctx, p.id, target, me, at);
        log(
          target === me
            ? `Took chase-up ${p.id} (${event.type_name}, ${event.unit_name})`
            : `Handed chase-up ${p.id} to ${target}`,
        );
      }
    }
    if (p.state !== undefined) {
      const closes = LOCKED_STATES.includes(p.state);
      const res = await ctx.tenant
        .updateTable('chaseup_events')
        .set({ state: p.state, closed_at: closes ? at : null, updated: at })
        .where('id', '=', p.id)
        .where('assigned_to_username', '=', me)
        .where('state', 'not in', LOCKED_STATES)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw await refusal(ctx, p.id, me);
      log(STATE_WORDS[p.state](p.id));
    }
    if (p.note) {
      const comment = await ctx.tenant
        .insertInto('chaseup_comments', Number(before.client_id))
        .values({
          unit_id: Number(before.unit_id),
          chaseup_id: p.id,
          text: p.note,
          username: me,
          created: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ctx.changeLog({
        action: 'I',
        entityType: 'Comment',
        entityId: Number(comment.id),
        description: `Comment on chase-up ${p.id} (${event.unit_name})`,
      });
    }
    const after = await chaseupQuery(ctx)
      .select(CHASEUP_SELECT)
      .where('chaseup_events.id', '=', p.id)
      .executeTakeFirstOrThrow();
    const saved = toChaseupEvent(after as ChaseupRowFields, at);
    if (changes) {
      ctx.afterCommit(() =>
        ctx.services.bus.publish('chaseup', {
          client_id: saved.cid,
          id: saved.id,
          uid: saved.uid,
          type: saved.type,
          state: saved.state,
          kind: 'changed',
          time: saved.time,
        }),
      );
    }
    return { chaseup_event: saved };
  },
});

export const chaseupsTasks = [
  getChaseupEvents,
  getChaseupEventsCountNew,
  getChaseupEvent,
  setChaseupEvent,
];
