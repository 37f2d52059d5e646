// The recovery desk's limits at ingest (issue 16 item 1; SPEC §4 internal chase-up states), in one
// place: which chase-ups reach the desk's queue as New and which are filed in an internal state.
// A leaf module: the planner (plan.ts), the writers, the rules' store and the jobs read it.

/**
 * A second event of the same unit and type within this long of a chase-up on the queue (states 0
 * to 4) is the same incident: state 6 "duplicate", pointing at that chase-up (duplicate_of).
 */
export const CHASEUP_DUPLICATE_WINDOW_MS = 30 * 60_000;

/**
 * An event that happened longer ago than this when its data arrived is old news (a tracker that
 * was offline for days, a simulator writing its history): state 8 "too late". The same limit
 * keeps rule alerts and panics of that age from e-mailing or texting anyone (rules/store.ts
 * NOTIFY_MAX_AGE_MS).
 */
export const CHASEUP_TOO_LATE_MS = 3_600_000;

/**
 * An event time further than this ahead of the server's clock: state 9 "data in the future" (a
 * tracker's clock set wrong). The pipeline refuses records further ahead than its maxFutureMs
 * (10 min) altogether; between the two the data is stored and its chase-up filed.
 */
export const CHASEUP_FUTURE_MS = 5 * 60_000;

/**
 * A flapping sensor: the same unit raising the same type this many times (this event included)
 * within CHASEUP_FLAP_WINDOW_MS, none of them worked as a real incident (states 1 to 3), is held
 * for filtering: state 5 "filter first".
 */
export const CHASEUP_FLAP_COUNT = 3;
export const CHASEUP_FLAP_WINDOW_MS = 24 * 3600_000;

/** SPEC §9: a unit silent this long is "not connecting" (chase-up type 11). */
export const NOT_CONNECTING_MS = 86_400_000;
/** How often the not-connecting job looks (jobs/not-connecting.ts). */
export const NOT_CONNECTING_CHECK_MS = 5 * 60_000;

/**
 * Service types of self-monitoring products (no recovery service, SPEC §3 service types): the
 * desk does not chase their units; the client's own notifications are all that is sent (states
 * 11 "sending notification" and 12 "only client notifications sent").
 */
export const SELF_MONITORED_SERVICE_TYPES: readonly string[] = ['lite', 'old_lite'];

/** Service types with a recovery service: the units the not-connecting job watches. */
export const RECOVERY_SERVICE_TYPES: readonly string[] = ['recovery', 'stealth', 'backup', 'full'];

/**
 * Unit-issue types (10 GPS, 11 not connecting, 17 immobiliser line high) go to the technical check
 * before anyone calls a client: state 10 "investigate first".
 */
export const INVESTIGATE_FIRST_TYPES: readonly number[] = [10, 11, 17];

/** The limits a plan is made with (tests pass their own). */
export interface RecoveryLimits {
  duplicateWindowMs: number;
  tooLateMs: number;
  futureMs: number;
  flapCount: number;
  flapWindowMs: number;
}

export const RECOVERY_LIMITS: RecoveryLimits = {
  duplicateWindowMs: CHASEUP_DUPLICATE_WINDOW_MS,
  tooLateMs: CHASEUP_TOO_LATE_MS,
  futureMs: CHASEUP_FUTURE_MS,
  flapCount: CHASEUP_FLAP_COUNT,
  flapWindowMs: CHASEUP_FLAP_WINDOW_MS,
};
