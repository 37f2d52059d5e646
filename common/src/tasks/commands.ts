// Device commands (issue 13 items 6 and 7): the immobiliser and the in-cab speed buzzer of a
// vehicle. The state shown is what the device confirmed; an open command carries its step and why it
// waits; the history lists every step, newest first.
import { z } from 'zod';
import { IMMOBILISER_MODES } from '../enums';
import {
  BUZZER_MAX_KMH,
  BUZZER_MIN_KMH,
  type CommandKind,
  type CommandStep,
  type ImmobiliserMode,
  type WaitReason,
} from '../immobiliser';
import { idSchema } from './shared';

/** One step of a command's life, as the command history shows it. */
export interface CommandHistoryEntry {
  id: number;
  command_id: number;
  kind: CommandKind;
  step: CommandStep;
  /** What was asked, in words ("Immobilise", "Buzzer at 80 km/h") */
  asked: string;
  /** What happened, in words (the reason it waits, the device's reply, why it failed) */
  detail: string;
  /** ISO-8601 */
  at: string;
  /** the user who asked, or '' for steps the device or the dispatcher took */
  by: string;
}

/** The command that is not finished yet. */
export interface OpenCommand {
  id: number;
  step: 'asked' | 'waiting' | 'sent';
  reason: WaitReason | null;
  /** km/h, when it waits for the vehicle to slow down */
  speed: number | null;
  /** What the page says ("Waiting: moving at 54 km/h — sent when below 10 km/h") */
  message: string;
  /** ISO-8601 */
  asked_at: string;
  asked_by: string;
}

/** Whether the unit can take commands at all, and over which protocol. */
interface CommandChannel {
  uid: number;
  protocol: string;
  /** false for OsmAnd units and units without a device: no command channel */
  supported: boolean;
  /** the device has an open connection to a gateway now */
  connected: boolean;
}

export interface ImmobiliserState extends CommandChannel {
  /** the mode the device confirmed ('normal' until a command was confirmed) */
  mode: ImmobiliserMode;
  /** ISO-8601 of the device's confirmation of `mode`, null when never confirmed */
  confirmed: string | null;
  pending: (OpenCommand & { mode: ImmobiliserMode }) | null;
  history: CommandHistoryEntry[];
}

export interface SpeedBuzzerState extends CommandChannel {
  /** the limit the device confirmed (km/h), null when the buzzer is off or never set */
  limit: number | null;
  /** the limit last asked for: the Speed Buzzer Violation rule judges by it */
  asked_limit: number | null;
  confirmed: string | null;
  pending: (OpenCommand & { limit: number | null }) | null;
  history: CommandHistoryEntry[];
}

const uidOnly = z.object({ uid: idSchema });

export const commandParams = {
  get_immobiliser: uidOnly,
  set_immobiliser: z.object({
    uid: idSchema,
    mode: z.enum(IMMOBILISER_MODES, { message: `must be one of ${IMMOBILISER_MODES.join(', ')}` }),
  }),
  get_speed_buzzer: uidOnly,
  set_speed_buzzer: z.object({
    uid: idSchema,
    /** km/h; null turns the buzzer off */
    limit: z
      .number({ message: 'must be a number of km/h' })
      .int({ message: 'must be a whole number of km/h' })
      .min(BUZZER_MIN_KMH, `must be ${BUZZER_MIN_KMH} to ${BUZZER_MAX_KMH} km/h`)
      .max(BUZZER_MAX_KMH, `must be ${BUZZER_MIN_KMH} to ${BUZZER_MAX_KMH} km/h`)
      .nullable(),
  }),
};

export interface CommandAnswers {
  get_immobiliser: ImmobiliserState;
  set_immobiliser: ImmobiliserState;
  get_speed_buzzer: SpeedBuzzerState;
  set_speed_buzzer: SpeedBuzzerState;
}
