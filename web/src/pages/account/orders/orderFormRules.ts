// Rules the quote, job and work-approval forms share: SPEC §5's special characters and phone
// numbers, registrations as fleet records take them, and the server's refusal shown beside the
// field it names ("vehicles.0.description: is required" lands on that vehicle's description).
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { REGISTRATION_PATTERN, hasSpecialCharacters, isValidPhone } from '@fleet/common';

const SPECIAL = '! $ ^ * + ( ) % [ ] \\ / \' ; @ { } | " < > ` ~';

/** Free text or a name: none of SPEC §5's special characters. */
export const plainTextRule: Rule = {
  validator: (_, v: string | undefined) =>
    !v || !hasSpecialCharacters(v)
      ? Promise.resolve()
      : Promise.reject(new Error(`Do not use any of ${SPECIAL}`)),
};

export const phoneRule: Rule = {
  validator: (_, v: string | undefined) =>
    !v || isValidPhone(v)
      ? Promise.resolve()
      : Promise.reject(new Error('Type a phone number: digits, optionally starting with +')),
};

export const registrationRule: Rule = {
  validator: (_, v: string | undefined) =>
    !v || REGISTRATION_PATTERN.test(v)
      ? Promise.resolve()
      : Promise.reject(new Error('Use letters, digits, spaces and . - _ / only')),
};

/**
 * Puts each part of a refusal that names a field of the form beside that field; answers the
 * parts naming none, for the form's alert.
 */
export function showServerErrors(form: FormInstance, message: string, fields: string[]): string[] {
  const rest: string[] = [];
  const marks: { name: (string | number)[]; errors: string[] }[] = [];
  for (const part of message.split(/;\s*/)) {
    const m = /^([a-z_]+(?:\.\d+\.[a-z_]+)?)(?::\s*|\s+(?=is\b))(.*)$/.exec(part.trim());
    const path = m?.[1].split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
    if (m && path && fields.includes(String(path[0]))) {
      marks.push({ name: path, errors: [m[2].replace(/^is required$/, 'This is required')] });
    } else if (part.trim()) rest.push(part.trim());
  }
  if (marks.length) form.setFields(marks);
  return rest;
}
