// The immobiliser of a vehicle (issue 13 item 6, SPEC §1 modes): set_immobiliser stores the command
// and wakes the dispatcher (ingest/commands.ts) after commit; get_immobiliser answers what the device
// confirmed, the open command with its step and reason, and the command history.
import {
  COMMAND_PROTOCOLS,
  COMMAND_ROLES,
  NO_COMMAND_CHANNEL,
  waitingText,
  type CommandHistoryEntry,
  type CommandKind,
  type ImmobiliserMode,
  type OpenCommand,
  type Role,
  type ServedTaskName,
  type TaskMap,
  type WaitReason,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { defineTask, type ForeignIds, type TaskDef } from './registry';
import { askedText, COMMAND_ENTITY } from '../ingest/commands-store';

export { COMMAND_ROLES };
/** Who may read a vehicle's immobiliser and buzzer state. */
export const COMMAND_READ_ROLES: readonly Role[] = [
  'feature_vehicles_view',
  'feature_vehicles_edit',
  'feature_realtime',
  'user_support',
];

/** Steps the history shows, newest first. */
const HISTORY = 30;
/** A unit silent longer than this is offline (SPEC §4: 300 s for trip units). */
const ONLINE_MS = 300_000;

export interface CommandUnit {
  uid: number;
  client_id: number;
  name: string;
  protocol: string;
  supported: boolean;
  connected: boolean;
}

/** The unit as the user may see it, with its command channel; 'Unit not found' otherwise. */
export async function commandUnit(ctx: TaskContext, uid: number): Promise<CommandUnit> {
  const row = await ctx.tenant
    .units()
    .leftJoin('unit_state', 'unit_state.unit_id', 'units.uid')
    .select([
      'units.uid',
      'units.client_id',
      'units.name',
      'units.protocol',
      'units.device_id',
      'unit_state.server_time',
    ])
    .where('units.uid', '=', uid)
    .executeTakeFirst();
  if (!row) throw notFound('Unit');
  const protocol = row.protocol ?? '';
  return {
    uid: row.uid,
    client_id: row.client_id,
    name: row.name,
    protocol,
    supported: !!row.device_id && (COMMAND_PROTOCOLS as readonly string[]).includes(protocol),
    connected: row.server_time !== null && now() - Number(row.server_time) <= ONLINE_MS,
  };
}

/** Stores a command (step 'asked') and wakes the dispatcher once the transaction commits. */
export async function askCommand(
  ctx: TaskContext,
  unit: CommandUnit,
  kind: CommandKind,
  value: string,
): Promise<void> {
  if (!unit.supported) throw new TaskError(NO_COMMAND_CHANNEL);
  const at = now();
  const by = ctx.user.username;
  const inserted = await ctx.tenant
    .insertInto('device_commands', unit.client_id)
    .values({
      unit_id: unit.uid,
      kind,
      value,
      status: 'asked',
      reason: null,
      speed: null,
      asked_by: ctx.user.nid,
      asked_by_name: by,
      asked_at: at,
      sent_at: null,
      done_at: null,
      updated: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const commandId = Number(inserted.id);
  await ctx.tenant
    .insertInto('device_command_steps', unit.client_id)
    .values({
      unit_id: unit.uid,
      command_id: commandId,
      kind,
      step: 'asked',
      detail: '',
      by_name: by,
      at,
    })
    .execute();
  ctx.changeLog({
    action: 'E',
    entityType: COMMAND_ENTITY[kind],
    entityId: unit.uid,
    description: `${unit.name}: ${askedText(kind, value)} asked`,
  });
  ctx.afterCommit(() =>
    ctx.services.bus.publish('device_command', {
      client_id: unit.client_id,
      uid: unit.uid,
      command_id: commandId,
    }),
  );
}

/** The open command of a kind and the history of steps, as the tasks answer them. */
export async function commandTrail(
  ctx: TaskContext,
  uid: number,
  kind: CommandKind,
): Promise<{ pending: (OpenCommand & { value: string }) | null; history: CommandHistoryEntry[] }> {
  const open = await ctx.tenant
    .selectFrom('device_commands')
    .select(['id', 'value', 'status', 'reason', 'speed', 'asked_at', 'asked_by_name'])
    .where('unit_id', '=', uid)
    .where('kind', '=', kind)
    .where('status', 'in', ['asked', 'waiting', 'sent'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const steps = await ctx.tenant
    .selectFrom('device_command_steps')
    .innerJoin('device_commands', 'device_commands.id', 'device_command_steps.command_id')
    .select([
      'device_command_steps.id',
      'device_command_steps.command_id',
      'device_command_steps.step',
      'device_command_steps.detail',
      'device_command_steps.by_name',
      'device_command_steps.at',
      'device_commands.value',
    ])
    .where('device_command_steps.unit_id', '=', uid)
    .where('device_command_steps.kind', '=', kind)
    .orderBy('device_command_steps.at', 'desc')
    .orderBy('device_command_steps.id', 'desc')
    .limit(HISTORY)
    .execute();
  return {
    pending: open ? openCommand(open) : null,
    history: steps.map((s) => ({
      id: s.id,
      command_id: s.command_id,
      kind,
      step: s.step as CommandHistoryEntry['step'],
      asked: askedText(kind, s.value),
      detail: s.detail,
      at: iso(Number(s.at)),
      by: s.by_name,
    })),
  };
}

function openCommand(row: {
  id: number;
  value: string;
  status: string;
  reason: string | null;
  speed: number | null;
  asked_at: number;
  asked_by_name: string;
}): OpenCommand & { value: string } {
  const step = row.status as OpenCommand['step'];
  const reason = (row.reason as WaitReason | null) ?? null;
  const speed = row.speed === null ? null : Number(row.speed);
  const message =
    step === 'waiting' && reason
      ? waitingText(reason, speed)
      : step === 'sent'
        ? 'Sent: waiting for the device to confirm'
        : 'Asked: sending to the device';
  return {
    id: row.id,
    value: row.value,
    step,
    reason,
    speed,
    message,
    asked_at: iso(Number(row.asked_at)),
    asked_by: row.asked_by_name,
  };
}

/** What both command tasks answer besides their own fields: the unit's channel and its commands. */
export async function commandState(ctx: TaskContext, unit: CommandUnit, kind: CommandKind) {
  const controls = await ctx.tenant
    .selectFrom('unit_controls')
    .selectAll()
    .where('unit_id', '=', unit.uid)
    .executeTakeFirst();
  const { pending, history } = await commandTrail(ctx, unit.uid, kind);
  const { value, ...open } = pending ?? { value: '' };
  return {
    channel: {
      uid: unit.uid,
      protocol: unit.protocol,
      supported: unit.supported,
      connected: unit.connected,
    },
    controls,
    /** the open command without its stored value, and that value */
    open: pending ? { command: open as OpenCommand, value } : null,
    history,
  };
}

/**
 * The pair of tasks of a command kind: get_<kind> answers the unit's state; set_<kind> stores the
 * command (and whatever `store` keeps beside it), wakes the dispatcher and answers the state.
 */
export function commandTasks<G extends ServedTaskName, S extends ServedTaskName>(spec: {
  get: G;
  set: S;
  kind: CommandKind;
  probe: (foreign: ForeignIds) => Record<string, unknown>;
  /** the command's stored value (mode, or limit as text) from the set task's parameters */
  value: (p: TaskMap[S]['parsed']) => string;
  store?: (ctx: TaskContext, unit: CommandUnit, p: TaskMap[S]['parsed']) => Promise<void>;
  state: (
    ctx: TaskContext,
    unit: CommandUnit,
  ) => Promise<TaskMap[G]['response'] & TaskMap[S]['response']>;
}): TaskDef[] {
  return [
    defineTask<G>({
      name: spec.get,
      roles: COMMAND_READ_ROLES,
      probe: (f) => ({ uid: f.uid }),
      async handler(ctx, p) {
        return spec.state(ctx, await commandUnit(ctx, (p as { uid: number }).uid));
      },
    }),
    defineTask<S>({
      name: spec.set,
      roles: COMMAND_ROLES,
      entityType: COMMAND_ENTITY[spec.kind],
      probe: spec.probe,
      async handler(ctx, p) {
        const unit = await commandUnit(ctx, (p as { uid: number }).uid);
        await askCommand(ctx, unit, spec.kind, spec.value(p));
        await spec.store?.(ctx, unit, p);
        return spec.state(ctx, unit);
      },
    }),
  ];
}

export const immobiliserTasks = commandTasks({
  get: 'get_immobiliser',
  set: 'set_immobiliser',
  kind: 'immobiliser',
  probe: (f) => ({ uid: f.uid, mode: 'immobilise' }),
  value: (p) => p.mode,
  async state(ctx, unit) {
    const { channel, controls, open, history } = await commandState(ctx, unit, 'immobiliser');
    return {
      ...channel,
      mode: (controls?.immobiliser_mode ?? 'normal') as ImmobiliserMode,
      confirmed: iso(controls?.immobiliser_at ?? null),
      pending: open ? { ...open.command, mode: open.value as ImmobiliserMode } : null,
      history,
    };
  },
});
