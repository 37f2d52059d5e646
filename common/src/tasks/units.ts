// Unit tasks: the live list, one unit, today's dashboard, device provisioning, unit issues and
// stealth units.
import { z } from 'zod';
import type { UnitListItem } from '../api';
import { idSchema, noParams, plainText, uidList } from './shared';

/** The tracker protocols the gateways speak (API.md §6; 'queclink' is the GL200/GL300/GV family). */
export const DEVICE_PROTOCOLS = [
  'osmand',
  'teltonika',
  'gt06',
  'h02',
  'meitrack',
  'queclink',
] as const;
export type DeviceProtocol = (typeof DEVICE_PROTOCOLS)[number];

/**
 * Tracker models whose bytes the gateway decodes differently from the protocol's standard layout:
 * GT06 clones (a Concox LW, SeeWorld, R11, QH302R), Meitrack models that report ADC counts instead
 * of volts, Queclink devices whose protocol version does not name them. A unit's device has one of
 * them or none (server/src/ingest/protocols; docs/protocols.md).
 */
export const DEVICE_MODELS: Readonly<Partial<Record<DeviceProtocol, readonly string[]>>> = {
  gt06: ['LW', 'SEEWORLD', 'R11', 'QH302R'],
  meitrack: ['MVT340', 'MVT380', 'MT90', 'MT90G', 'T1', 'T3', 'MVT100', 'MVT600', 'MVT800', 'TC68', 'TC68S'],
  queclink: [
    'CV100LG', 'CV200', 'GB100', 'GL200', 'GL300', 'GL300VC', 'GL300W', 'GL320M', 'GL50', 'GL500',
    'GL500M', 'GL50B', 'GL530', 'GMT100', 'GT501', 'GV200', 'GV30CEU', 'GV300', 'GV300W', 'GV310LAU',
    'GV350M', 'GV355CEU', 'GV50P', 'GV500', 'GV500MAP', 'GV500VC', 'GV55', 'GV55 LITE', 'GV55W',
    'GV56', 'GV58LAU', 'GV600M', 'GV600MG', 'GV600W', 'GV65', 'GV75W', 'GV800W',
  ],
}; // prettier-ignore

export const unitParams = {
  get_unit_list_full: z.object({
    filter: z.enum(['all', 'only_issues']).default('all'),
    search: plainText().max(100).optional(),
  }),
  get_unit: z.object({ uid: idSchema }),
  get_dashboard_today: noParams,
  set_unit_device: z
    .object({
      uid: idSchema,
      device_id: z
        .string()
        .trim()
        .max(64)
        .regex(/^[A-Za-z0-9_.:-]*$/, 'use letters, digits and _ . : - only'),
      protocol: z.enum(DEVICE_PROTOCOLS),
      /** One of DEVICE_MODELS[protocol]; absent or '' for the standard layout. */
      model: z.string().trim().max(32).optional(),
    })
    .refine((p) => !p.model || (DEVICE_MODELS[p.protocol] ?? []).includes(p.model), {
      message: 'not a model of this protocol',
      path: ['model'],
    }),
  get_unit_issues: noParams,
  get_stealth_unit_data: z.object({ uids: uidList }),
};

/** A device event as the unit panel lists its latest ones. */
export interface UnitEvent {
  id: number;
  /** ISO-8601 */
  time: string;
  type: string;
  lat: number | null;
  lon: number | null;
  speed: number | null;
}

/** get_unit: the list item plus the device and its latest readings. */
export interface UnitDetail extends UnitListItem {
  _sys_Id: number;
  _sys_Ref: string;
  device_id: string | null;
  protocol: string | null;
  /** DEVICE_MODELS[protocol] the device is decoded as, or null for the standard layout. */
  device_model: string | null;
  stock_status: number;
  /** km */
  odometer: number | null;
  /** hours */
  engine_hours: number | null;
  power: number | null;
  battery: number | null;
  gsm: number | null;
  last_data: string | null;
  attributes: Record<string, unknown>;
  latest_events: UnitEvent[];
}

/** One unit's day so far (SPEC §4: movement is 0 if moving, else 1). */
export interface DashboardTodayRow {
  uid: number;
  name: string;
  reg: string;
  active: boolean;
  moving: 0 | 1;
  connected: boolean;
  faults: string[];
  trips: number;
  /** km */
  distance: number;
  max_speed: number;
  speeding: number;
  harsh_braking: number;
  harsh_accelerating: number;
  harsh_cornering: number;
  equipment_on: number;
}

export interface DashboardTodayTotals {
  trips: number;
  distance: number;
  speeding: number;
  harsh_braking: number;
  harsh_accelerating: number;
  harsh_cornering: number;
  equipment_on: number;
  active_vehicles: number;
  deactivate_vehicles: number;
  unit_faults_count: number;
}

/** Support staff see trackers that report with an identifier no unit has. */
export interface UnknownDeviceIssue {
  id: number;
  device_id: string;
  protocol: string;
  remote_address: string;
  first_seen: string;
  last_seen: string;
  count: number;
  issue: 'Unknown device';
}

/** What can be wrong with a client's unit (issue 12), each with what to do about it. */
export const UNIT_ISSUE_KINDS = [
  'Not connecting',
  'No data received',
  'No GPS fix',
  'Low battery',
  'Battery unplugged',
  'battery charging',
  'battery level 1',
  'battery level 2',
  'battery level 3',
  'not charging',
  'Unknown driver tag',
] as const;
export type UnitIssueKind = (typeof UNIT_ISSUE_KINDS)[number];

/** One issue of one of the client's units (a unit may have several). */
export interface SilentUnitIssue {
  uid: number;
  name: string;
  reg: string;
  device_id: string | null;
  protocol: string | null;
  issue: UnitIssueKind;
  /** what was seen, in words: "last report 3 days ago", "11.2 V", "tag 01A4F3 is nobody's" */
  detail: string;
  /** what to do about it, in words */
  action: string;
  last_seen: string | null;
  /** satellites in view at the last fix, when the device reports them (SPEC §9 strength bands) */
  satellites: number | null;
  /** whose unit it is: only in a support user's list, which has every client's units */
  client_name?: string;
}

export type UnitIssue = UnknownDeviceIssue | SilentUnitIssue;

export interface StealthUnit extends UnitListItem {
  last_data: string | null;
  battery: number | null;
  power: number | null;
}

export interface UnitAnswers {
  get_unit_list_full: { units: UnitListItem[]; count: number };
  get_unit: { unit: UnitDetail };
  get_dashboard_today: {
    from: string;
    today_array: DashboardTodayRow[];
    totals: DashboardTodayTotals;
  };
  set_unit_device: { uid: number; device_id: string | null; protocol: DeviceProtocol | null };
  get_unit_issues: { unit_issues: UnitIssue[] };
  get_stealth_unit_data: { stealth_units: StealthUnit[] };
}
