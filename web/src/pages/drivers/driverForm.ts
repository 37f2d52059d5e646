// The person form's values (drivers/add_driver, drivers/edit_driver), checked with set_person's own
// schema (personInput of @fleet/common) before anything is sent, and turned into its input. Field
// keys are the server's, so a refusal naming a field ("driver_tag: already used by Sipho
// Dlamini") is shown at that field.
import {
  LICENCE_CLASSES,
  personInput,
  type Person,
  type PersonDetail,
  type PersonInput,
} from '@fleet/common';
import { schemaFieldErrors, serverFieldErrors } from '../vehicles/fieldErrors';
import { DRIVER_ROLE } from './personWording';

export type LicenceClass = (typeof LICENCE_CLASSES)[number];

export interface DriverFormValues {
  title: string;
  first_name: string;
  surname: string;
  roles: number[];
  contact_roles: string[];
  rank: number | null;
  email: string;
  cellphone: string;
  id_number: string;
  licence_number: string;
  licence_class: LicenceClass;
  /** YYYY-MM-DD */
  licence_expiry: string | null;
  /** YYYY-MM-DD */
  prdp_expiry: string | null;
  /** a data: URL */
  photo: string | null;
  driver_tag: string;
}

export type DriverField = keyof DriverFormValues;
export type FieldErrors = Partial<Record<DriverField, string>>;

/** What a field is called on the form, for messages that name it. */
export const FIELD_LABELS: Record<DriverField, string> = {
  title: 'Title',
  first_name: 'First name',
  surname: 'Surname',
  roles: 'Roles',
  contact_roles: 'Contact roles',
  rank: 'Rank',
  email: 'E-mail',
  cellphone: 'Cellphone',
  id_number: 'ID number',
  licence_number: 'Licence number',
  licence_class: 'Licence class',
  licence_expiry: 'Licence expiry',
  prdp_expiry: 'PrDP expiry',
  photo: 'Photo',
  driver_tag: 'Driver identifier',
};

/** A new person: a driver when added from the drivers list (add_driver/1). */
export function newPersonValues(driver: boolean): DriverFormValues {
  return {
    title: '',
    first_name: '',
    surname: '',
    roles: driver ? [0, DRIVER_ROLE] : [0],
    contact_roles: [],
    rank: 0,
    email: '',
    cellphone: '',
    id_number: '',
    licence_number: '',
    licence_class: 'unknown',
    licence_expiry: null,
    prdp_expiry: null,
    photo: null,
    driver_tag: '',
  };
}

const isLicenceClass = (v: string): v is LicenceClass =>
  (LICENCE_CLASSES as readonly string[]).includes(v);

/** A person's values; a contact of the list has no ID or licence number and no photo. */
export function valuesFromPerson(
  p: Person & Partial<Pick<PersonDetail, 'id_number' | 'licence_number' | 'photo'>>,
): DriverFormValues {
  return {
    title: p.title ?? '',
    first_name: p.first_name,
    surname: p.surname,
    roles: p.roles.filter((r) => r !== 11),
    contact_roles: [...p.contact_roles],
    rank: p.rank,
    email: p.email ?? '',
    cellphone: p.cellphone ?? '',
    id_number: p.id_number ?? '',
    licence_number: p.licence_number ?? '',
    licence_class: isLicenceClass(p.licence_class) ? p.licence_class : 'unknown',
    licence_expiry: p.licence_expiry,
    prdp_expiry: p.prdp_expiry,
    photo: p.photo ?? null,
    driver_tag: p.driver_tag ?? '',
  };
}

/** set_person's input: every field the form shows, so nothing falls back to a default. */
export function inputFromValues(v: DriverFormValues, pid?: number): PersonInput {
  return {
    ...(pid ? { pid } : {}),
    title: v.title as PersonInput['title'],
    first_name: v.first_name.trim(),
    surname: v.surname.trim(),
    roles: [...v.roles].sort((a, b) => a - b),
    contact_roles: v.contact_roles as PersonInput['contact_roles'],
    rank: v.rank ?? 0,
    email: v.email.trim(),
    cellphone: v.cellphone.trim(),
    id_number: v.id_number.trim(),
    licence_number: v.licence_number.trim(),
    licence_class: v.licence_class,
    licence_expiry: v.licence_expiry,
    prdp_expiry: v.prdp_expiry,
    driver_tag: v.driver_tag.trim() || null,
    photo: v.photo,
  };
}

/** The form's own check: set_person's schema, one message per field. */
export function validatePerson(v: DriverFormValues): FieldErrors {
  return schemaFieldErrors(personInput, inputFromValues(v), FIELD_LABELS).fields;
}

/**
 * The server's refusal split into messages at the fields they name ("driver_tag: already used by
 * Sipho Dlamini" shows as "Driver identifier: already used by Sipho Dlamini") and the rest, shown
 * above the form.
 */
export function personServerErrors(message: string): { fields: FieldErrors; rest: string[] } {
  return serverFieldErrors(message, FIELD_LABELS);
}
