// Device commands of issue 13: the immobiliser (SPEC §1 modes mobilise, normal, immobilise) and the
// in-cab speed buzzer. The words users read live here, once, for the server's messages and the web.
import type { IMMOBILISER_MODES } from './enums';
import type { Role } from './roles';

export type ImmobiliserMode = (typeof IMMOBILISER_MODES)[number];

/** What a command is about. */
export const COMMAND_KINDS = ['immobiliser', 'speed_buzzer'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/**
 * The life of a command: asked by a user, waiting (device offline or vehicle moving), sent over the
 * device's connection, confirmed by the device (its reply or its output state), failed (no answer,
 * refused), or superseded by a newer command for the same unit before it was sent.
 */
export const COMMAND_STEPS = [
  'asked',
  'waiting',
  'sent',
  'confirmed',
  'failed',
  'superseded',
] as const;
export type CommandStep = (typeof COMMAND_STEPS)[number];

/** Why a command waits. */
export type WaitReason = 'offline' | 'moving';

/** A vehicle faster than this is not cut off: the immobilise command waits (km/h). */
export const IMMOBILISE_MAX_KMH = 10;

/** Bounds of the in-cab buzzer limit (km/h): below 20 it would sound in every car park. */
export const BUZZER_MIN_KMH = 20;
export const BUZZER_MAX_KMH = 160;

export const IMMOBILISER_MODE_LABELS: Record<ImmobiliserMode, string> = {
  mobilise: 'Mobilise',
  normal: 'Normal',
  immobilise: 'Immobilise',
};

/** What each mode does to the vehicle, in a user's words. */
export const IMMOBILISER_MODE_HELP: Record<ImmobiliserMode, string> = {
  mobilise: 'The starter is enabled: the vehicle starts whatever the tracker would decide.',
  normal: "The tracker's own logic is in charge (for example its driver-tag immobiliser).",
  immobilise: 'The starter is cut: the vehicle will not start until it is mobilised.',
};

export const COMMAND_STEP_LABELS: Record<CommandStep, string> = {
  asked: 'Asked',
  waiting: 'Waiting',
  sent: 'Sent',
  confirmed: 'Confirmed',
  failed: 'Failed',
  superseded: 'Replaced',
};

/** Why a command waits, as the page says it. */
export function waitingText(reason: WaitReason, speed: number | null): string {
  if (reason === 'moving') {
    return `Waiting: moving at ${Math.round(speed ?? 0)} km/h — sent when below ${IMMOBILISE_MAX_KMH} km/h`;
  }
  return 'Waiting: device offline — sent when it connects';
}

/**
 * The units whose protocols have a command channel: every tracker that keeps a TCP connection open
 * (OsmAnd has none; a Teltonika on UDP gets its commands once it connects over TCP).
 */
export const COMMAND_PROTOCOLS = ['teltonika', 'gt06', 'h02', 'meitrack', 'queclink'] as const;

export const NO_COMMAND_CHANNEL =
  'This unit reports over OsmAnd (HTTP), which has no command channel: it cannot be sent commands';

/**
 * Who may command a vehicle: users who edit vehicles, and support staff (the recovery desk cuts a
 * stolen vehicle's starter for its owner). Recovery accounts (SPEC §6) view vehicles but do not
 * edit them: they ask the desk.
 */
export const COMMAND_ROLES: readonly Role[] = ['feature_vehicles_edit', 'user_support'];
