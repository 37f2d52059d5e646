// Keeping vehicles legal and running (issue 13 items 1-3): service logs, odometer logs and
// reminders (SPEC §2 /portal/vehicles service, /portal/alerts reminders; §3 Reminder, Odometer log,
// Service log; §4 logs sorted by datetimestamp descending; §5 the reminder's advance amount).
import { z } from 'zod';
import { isValidEmail } from '../validators';
import {
  isDriverReminder,
  isServiceReminder,
  REMINDER_TYPE_KEYS,
  type ReminderState,
  type ReminderTypeKey,
} from '../reminders';
import { calendarDay } from './people';
import { cleanText, idSchema, isoDate, pagingSchema, plainText, type ListAnswer } from './shared';

export * from '../reminders';

/** The kinds of work a service log names (plus "other" with the notes saying what). */
export const SERVICE_WORK_TYPES = [
  { key: 'service', name: 'Service', resetsReminder: true },
  { key: 'major_service', name: 'Major service', resetsReminder: true },
  { key: 'tyres', name: 'Tyres' },
  { key: 'brakes', name: 'Brakes' },
  { key: 'battery', name: 'Battery' },
  { key: 'repair', name: 'Repair' },
  { key: 'roadworthy', name: 'Roadworthy test' },
  { key: 'other', name: 'Other' },
] as const;
export type ServiceWorkType = (typeof SERVICE_WORK_TYPES)[number]['key'];
const WORK_KEYS = SERVICE_WORK_TYPES.map((w) => w.key) as [ServiceWorkType, ...ServiceWorkType[]];

/** Whether logging this kind of work resets the vehicle's service reminder. */
export const resetsServiceReminder = (work: ServiceWorkType) =>
  SERVICE_WORK_TYPES.some((w) => w.key === work && 'resetsReminder' in w && w.resetsReminder);

export const serviceWorkName = (work: string) =>
  SERVICE_WORK_TYPES.find((w) => w.key === work)?.name ?? work;

/** One service log entry. */
export interface ServiceLog {
  id: number;
  vid: number;
  vehicle: string;
  /** ISO-8601: when the work was done */
  datetimestamp: string;
  /** km at the service (entries made with displayHours 0) */
  odometer: number | null;
  /** engine hours at the service (entries made with displayHours 1) */
  engine_hours: number | null;
  work_type: ServiceWorkType;
  /** integer cents */
  cost: number | null;
  workshop: string;
  notes: string;
  /** names of the attached documents (text only) */
  attachments: string[];
  created_by: string;
}

/** A vehicle as the service index lists it: its last service and the next one due. */
export interface ServiceVehicle {
  vid: number;
  name: string;
  reg: string;
  /** the vehicle is a machine counted in engine hours (its service reminder is by hours) */
  display_hours: boolean;
  odometer: number | null;
  engine_hours: number | null;
  last_service: {
    datetimestamp: string;
    work_type: ServiceWorkType;
    reading: number | null;
  } | null;
  /** the most urgent service reminder of the vehicle */
  next: { id: number; state: ReminderState; left_text: string; due: number | null } | null;
  service_count: number;
}

export type OdometerLogKind = 'reading' | 'correction';

/** An odometer reading or correction (SPEC §3 Odometer log). */
export interface OdometerLog {
  id: number;
  vid: number;
  datetimestamp: string;
  /** km */
  odometer: number;
  kind: OdometerLogKind;
  /** what the tracker's running odometer said then, km (null if it had not reported) */
  tracked: number | null;
  notes: string;
  created_by: string;
}

/** A reminder with its state now. */
export interface Reminder {
  id: number;
  type: ReminderTypeKey;
  /** the vehicle (vehicle types) */
  vid: number | null;
  /** the person (driver types) */
  pid: number | null;
  /** the vehicle's or person's name */
  subject: string;
  interval: number | null;
  last_done: number | null;
  /** YYYY-MM-DD: vehicle_licence's own date; the person's expiry for driver types */
  due_date: string | null;
  /** the due reading (service types) or day */
  due: number | string | null;
  advance: number;
  recipients: string[];
  notes: string;
  state: ReminderState;
  left: number | null;
  left_text: string;
  current: number | null;
  /** ISO: when the e-mail of the current cycle went out, if it did */
  notified_at: string | null;
}

const reading = z.number().min(0).max(10_000_000);
const shortText = (max: number) => cleanText(max).default('');
const email = plainText().trim().max(254).refine(isValidEmail, 'is not a valid e-mail address');

export const serviceLogInput = z
  .object({
    /** absent: a new entry */
    id: idSchema.optional(),
    vid: idSchema,
    datetimestamp: isoDate,
    /** 1: the entry is in engine hours; 0: in km */
    display_hours: z.union([z.literal(0), z.literal(1)]).default(0),
    odometer: reading.nullable().optional(),
    engine_hours: reading.nullable().optional(),
    work_type: z.enum(WORK_KEYS, { message: 'is not a type of work' }),
    /** integer cents */
    cost: z.number().int().min(0).max(99_999_999_999).nullable().optional(),
    workshop: shortText(80),
    notes: shortText(1000),
    attachments: z
      .array(cleanText(120).refine((s) => s.length > 0, 'is empty'))
      .max(20)
      .default([]),
    /** a reading below the vehicle's last logged one is kept only when confirmed */
    confirm_lower: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    const field = v.display_hours ? 'engine_hours' : 'odometer';
    if (v[field] === undefined || v[field] === null) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: v.display_hours ? 'enter the engine hours' : 'enter the odometer reading in km',
      });
    }
  });
export type ServiceLogInput = z.input<typeof serviceLogInput>;

export const reminderInput = z
  .object({
    id: idSchema.optional(),
    type: z.enum(REMINDER_TYPE_KEYS, { message: 'is not a reminder type' }),
    vid: idSchema.nullable().optional(),
    pid: idSchema.nullable().optional(),
    interval: z.number().positive('must be more than 0').max(1_000_000).nullable().optional(),
    last_done: reading.nullable().optional(),
    due_date: calendarDay.nullable().optional(),
    /** SPEC §5: required, in km, hours or days by type */
    advance: z.number().min(0, 'must be 0 or more').max(1_000_000).nullable().optional(),
    recipients: z.array(email).max(20).default([]),
    notes: shortText(500),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.advance === undefined || v.advance === null) {
      const unit = isServiceReminder(v.type) ? (v.type === 'service_km' ? 'km' : 'hours') : 'days';
      need('advance', `is required: how many ${unit} before it is due to remind you`);
    }
    if (isDriverReminder(v.type)) {
      if (!v.pid) need('pid', 'choose the driver');
    } else if (!v.vid) need('vid', 'choose the vehicle');
    if (isServiceReminder(v.type) && !v.interval) need('interval', 'is required');
    if (v.type === 'vehicle_licence' && !v.due_date) need('due_date', 'is required');
  });
export type ReminderInput = z.input<typeof reminderInput>;

export const maintenanceParams = {
  get_service_logs: z.object({
    vid: idSchema.optional(),
    ...pagingSchema,
  }),
  set_service_log: serviceLogInput,
  delete_service_log: z.object({ id: idSchema }),
  get_service_vehicles: z.object({
    search: plainText().trim().max(60).optional(),
    /** one vehicle (its service page's header) */
    vid: idSchema.optional(),
    ...pagingSchema,
  }),
  get_odometer_logs: z.object({ vid: idSchema, ...pagingSchema }),
  set_odometer_log: z.object({
    vid: idSchema,
    datetimestamp: isoDate,
    odometer: reading,
    kind: z.enum(['reading', 'correction']).default('reading'),
    notes: shortText(500),
  }),
  get_reminders: z.object({
    type: z.enum(REMINDER_TYPE_KEYS).optional(),
    state: z.enum(['overdue', 'due_soon', 'ok']).optional(),
    vid: idSchema.optional(),
    ...pagingSchema,
  }),
  get_reminder: z.object({ id: idSchema }),
  set_reminder: reminderInput,
  delete_reminder: z.object({ id: idSchema }),
};

export interface MaintenanceAnswers {
  get_service_logs: ListAnswer<'service_logs', ServiceLog>;
  set_service_log: { service_log: ServiceLog; reminders_reset: number };
  delete_service_log: Record<string, never>;
  get_service_vehicles: ListAnswer<'vehicles', ServiceVehicle>;
  get_odometer_logs: ListAnswer<'odometer_logs', OdometerLog>;
  set_odometer_log: { odometer_log: OdometerLog; odometer: number | null };
  get_reminders: ListAnswer<'reminders', Reminder>;
  get_reminder: { reminder: Reminder };
  set_reminder: { reminder: Reminder };
  delete_reminder: Record<string, never>;
}

/** The refusal set_service_log answers for a reading below the last one without confirm_lower. */
export const LOWER_READING_REFUSAL = 'confirm_lower:';
export const lowerReadingMessage = (entered: string, last: string, when: string) =>
  `${LOWER_READING_REFUSAL} ${entered} is below the last logged reading of ${last} (${when}). Save anyway?`;
export const isLowerReadingRefusal = (message: string) => message.startsWith(LOWER_READING_REFUSAL);
