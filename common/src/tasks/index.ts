// Every /api/call task's parameters (a zod schema the server validates with) and answer (a type the
// server's handler must return and the web client reads): one contract for both ends (ARCHITECTURE §4).
import type { z } from 'zod';
import { accountParams, type AccountAnswers } from './account';
import { billingParams, type BillingAnswers } from './billing';
import { orderParams, type OrderAnswers } from './orders';
import { dashboardParams, type DashboardAnswers } from './dashboard';
import { commandParams, type CommandAnswers } from './commands';
import { maintenanceParams, type MaintenanceAnswers } from './maintenance';
import { reportParams, type ReportAnswers } from './reports';
import { recoveryParams, type RecoveryAnswers } from './recovery';
import { fleetParams, type FleetRecordAnswers } from './fleet';
import { fuelParams, type FuelAnswers } from './fuel';
import { peopleParams, type PeopleAnswers } from './people';
import { placeParams, type PlaceAnswers } from './places';
import { ruleParams, type RuleAnswers } from './rules';
import { summaryParams, type SummaryAnswers } from './summaries';
import { trackLinkParams, type TrackLinkAnswers } from './track-links';
import { tripParams, type TripAnswers } from './trips';
import { unitParams, type UnitAnswers } from './units';
import { userParams, type UserAnswers } from './users';
import type { PendingTaskMap } from './pending';

export * from './shared';
export * from './account';
export * from './users';
export * from './units';
export * from './people';
export * from './fleet';
export * from './fuel';
export * from './places';
export * from './rules';
export * from './trips';
export * from './summaries';
export * from './track-links';
export * from './pending';
export * from './billing';
export * from './orders';
export * from './dashboard';
export * from './commands';
export * from './maintenance';
export * from './reports';
export * from './recovery';

/** The parameter schema of every task the server serves, by task name. */
export const TASK_PARAMS = {
  ...accountParams,
  ...userParams,
  ...unitParams,
  ...peopleParams,
  ...fleetParams,
  ...fuelParams,
  ...placeParams,
  ...ruleParams,
  ...tripParams,
  ...summaryParams,
  ...trackLinkParams,
  ...billingParams,
  ...orderParams,
  ...dashboardParams,
  ...commandParams,
  ...maintenanceParams,
  ...reportParams,
  ...recoveryParams,
};

type Params = typeof TASK_PARAMS;

/** The answer (`data`) of every served task, by task name. */
export interface ServedAnswers
  extends
    AccountAnswers,
    UserAnswers,
    UnitAnswers,
    PeopleAnswers,
    FleetRecordAnswers,
    FuelAnswers,
    PlaceAnswers,
    RuleAnswers,
    TripAnswers,
    SummaryAnswers,
    TrackLinkAnswers,
    BillingAnswers,
    OrderAnswers,
    DashboardAnswers,
    CommandAnswers,
    MaintenanceAnswers,
    ReportAnswers,
    RecoveryAnswers {}

/** Names of the tasks the server serves. */
export type ServedTaskName = keyof Params;

// Fails to compile when a task has a schema but no answer type, or the other way round.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyTaskHasBoth: Same<ServedTaskName, keyof ServedAnswers> = true;
void everyTaskHasBoth;

/**
 * request: what a caller may send (defaults not yet applied); parsed: what a handler receives after
 * validation; response: the `data` of a successful answer.
 */
export type ServedTaskMap = {
  [K in ServedTaskName]: {
    request: z.input<Params[K]>;
    parsed: z.output<Params[K]>;
    response: ServedAnswers[K];
  };
};

/** Every task the web app may call: the served ones and the not-yet-served ones of pending.ts. */
export interface TaskMap extends ServedTaskMap, PendingEntries {}

type PendingEntries = {
  [K in keyof PendingTaskMap]: PendingTaskMap[K] & { parsed: PendingTaskMap[K]['request'] };
};

export type TaskName = keyof TaskMap;
export type TaskRequest<K extends TaskName> = TaskMap[K]['request'];
export type TaskResponse<K extends TaskName> = TaskMap[K]['response'];
