// People (drivers and contacts, issue 12): the people list with paging and filters, one person,
// their edits and deletion (role 11, history kept), the contact list, and the CSV import.
import { z } from 'zod';
import { CONTACT_ROLES, LICENCE_CLASSES, PERSON_ROLES, PERSON_TITLES } from '../enums';
import { isValidEmail } from '../validators';
import { isValidPhone } from './rules';
import {
  cleanText,
  idSchema,
  pagingSchema,
  plainText,
  type EmptyAnswer,
  type ListAnswer,
} from './shared';
import type { ImportAnswer } from './fleet';

/** A person of the client; role 11 (deleted) is never listed (SPEC §6). */
export interface Person {
  pid: number;
  title: string;
  first_name: string;
  surname: string;
  /** first name and surname */
  name: string;
  rank: number;
  /** SPEC §6 person role codes, never 11 */
  roles: number[];
  contact_roles: string[];
  is_driver: boolean;
  email: string | null;
  cellphone: string | null;
  licence_class: string;
  /** YYYY-MM-DD */
  licence_expiry: string | null;
  /** YYYY-MM-DD */
  prdp_expiry: string | null;
  /** the iButton or RFID tag id the device reports for this driver */
  driver_tag: string | null;
  /** the vehicle the driver was last identified in, or whose default driver they are */
  current_vehicle: { uid: number; name: string } | null;
}

/** get_person: everything the edit page shows. */
export interface PersonDetail extends Person {
  id_number: string;
  licence_number: string;
  /** a data: URL, or null */
  photo: string | null;
  /** vehicles whose default driver this person is */
  default_vehicles: { uid: number; name: string }[];
}

/** A contact of the client (SPEC §4: sorted by rank ascending). */
export type Contact = Person;

/** Person role codes a user may give; 11 (DELETED) is only set by delete_person. */
const ASSIGNABLE_ROLE_CODES = Object.keys(PERSON_ROLES)
  .map(Number)
  .filter((c) => c !== 11);

/** YYYY-MM-DD, a real calendar day. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2027-03-31')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real date');

/** An iButton or RFID id: hex or decimal digits as devices report them. */
export const driverTag = z
  .string()
  .trim()
  .max(32)
  .regex(/^[A-Za-z0-9:-]*$/, 'use letters, digits, : and - only');

export const personInput = z.object({
  /** absent: a new person */
  pid: idSchema.optional(),
  title: z.enum(PERSON_TITLES, { message: 'is not a title' }).or(z.literal('')).optional(),
  first_name: cleanText(50).refine((s) => s.length > 0, 'is required'),
  // surname, roles, contact_roles and rank: absent keeps the stored value (a new person: '', [], 0).
  surname: cleanText(50).optional(),
  roles: z
    .array(
      z
        .number()
        .int()
        .refine((c) => ASSIGNABLE_ROLE_CODES.includes(c), 'is not a person role'),
    )
    .max(12)
    .optional(),
  contact_roles: z.array(z.enum(CONTACT_ROLES, { message: 'is not a contact role' })).optional(),
  rank: z.number().int().min(0).max(999).optional(),
  email: plainText()
    .trim()
    .max(254)
    .refine((e) => e === '' || isValidEmail(e), 'is not a valid e-mail address')
    .optional(),
  cellphone: plainText()
    .trim()
    .max(24)
    .refine((p) => p === '' || isValidPhone(p), 'is not a valid phone number')
    .optional(),
  id_number: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'use letters and digits only')
    .optional(),
  licence_number: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9]*$/, 'use letters and digits only')
    .optional(),
  licence_class: z.enum(LICENCE_CLASSES, { message: 'is not a licence class' }).optional(),
  licence_expiry: calendarDay.nullable().optional(),
  prdp_expiry: calendarDay.nullable().optional(),
  driver_tag: driverTag.nullable().optional(),
  /** a data: URL of a JPEG or PNG up to about 200 KB; null removes it */
  photo: z
    .string()
    .max(280_000, 'the photo must be under 200 KB')
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'must be a PNG or JPEG image')
    .nullable()
    .optional(),
});
export type PersonInput = z.input<typeof personInput>;

/** One line of a people CSV, as read. */
export const personImportRow = z.object({
  title: z.string().max(200).default(''),
  first_name: z.string().max(200),
  surname: z.string().max(200).default(''),
  email: z.string().max(300).default(''),
  cellphone: z.string().max(200).default(''),
  id_number: z.string().max(200).default(''),
  licence_number: z.string().max(200).default(''),
  licence_class: z.string().max(200).default(''),
  licence_expiry: z.string().max(200).default(''),
  prdp_expiry: z.string().max(200).default(''),
  driver_tag: z.string().max(200).default(''),
  is_driver: z.string().max(20).default(''),
});
/** The columns of the people CSV, in order. */
export const PERSON_CSV_COLUMNS = [
  'Title',
  'First name',
  'Surname',
  'E-mail',
  'Cellphone',
  'ID number',
  'Licence number',
  'Licence class',
  'Licence expiry',
  'PrDP expiry',
  'Driver tag',
  'Driver',
] as const;

export const peopleParams = {
  get_people: z.object({
    ...pagingSchema,
    drivers_only: z.boolean().default(false),
    search: plainText().max(100).optional(),
    /** only people holding this role code */
    role: z.number().int().min(0).max(10).optional(),
    sort: z.enum(['name', 'surname', 'rank', 'licence_expiry']).default('rank'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  get_person: z.object({ pid: idSchema }),
  set_person: personInput,
  /** marks the person with role 11 (DELETED) and keeps their history */
  delete_person: z.object({ pid: idSchema }),
  get_contacts: z.object({}),
  import_people: z.object({
    rows: z.array(personImportRow).min(1, 'the file has no rows').max(5000),
    dry_run: z.boolean().default(true),
  }),
};

export interface PeopleAnswers {
  get_people: ListAnswer<'people', Person>;
  get_person: { person: PersonDetail };
  set_person: { person: PersonDetail };
  delete_person: EmptyAnswer;
  get_contacts: { contacts: Contact[] };
  import_people: ImportAnswer;
}
