// Table types of device commands (issue 13): the immobiliser and speed-buzzer commands, their steps,
// and what each unit's device confirmed (epoch milliseconds, booleans 0/1).
import type { Generated } from 'kysely';

export interface DeviceCommandsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  /** a CommandKind of @fleet/common */
  kind: string;
  /** an ImmobiliserMode, or the buzzer limit in km/h as text ('' turns it off) */
  value: string;
  /** 'asked' | 'waiting' | 'sent' | 'confirmed' | 'failed' | 'superseded' */
  status: string;
  /** 'offline' | 'moving' while it waits */
  reason: string | null;
  speed: number | null;
  /** the command text as sent to the device */
  wire: Generated<string>;
  tries: Generated<number>;
  reply: Generated<string>;
  asked_by: number | null;
  asked_by_name: Generated<string>;
  asked_at: number;
  sent_at: number | null;
  done_at: number | null;
  updated: number;
}

export interface DeviceCommandStepsTable {
  id: Generated<number>;
  client_id: number;
  unit_id: number;
  command_id: number;
  kind: string;
  step: string;
  detail: Generated<string>;
  by_name: Generated<string>;
  at: number;
}

export interface UnitControlsTable {
  unit_id: number;
  client_id: number;
  /** the mode the device confirmed */
  immobiliser_mode: Generated<string>;
  immobiliser_at: number | null;
  /** the buzzer limit last asked for (km/h): the Speed Buzzer Violation rule judges by it */
  buzzer_limit: number | null;
  /** the limit the device confirmed */
  buzzer_confirmed: number | null;
  buzzer_at: number | null;
  /** DOUT1 as the device last reported it (Teltonika IO 179), 0/1 */
  dout1: number | null;
  dout1_at: number | null;
}
