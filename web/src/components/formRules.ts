// Form rules used by more than one form, with the messages of SPEC §5.
import type { Rule } from 'antd/es/form';
import { isValidEmail } from '@fleet/common';

/** A required e-mail address, checked by the SPEC §5 e-mail rule. */
export function emailRules(requiredMessage: string): Rule[] {
  return [
    { required: true, message: requiredMessage },
    {
      validator: (_, v: string) =>
        !v || isValidEmail(v.trim())
          ? Promise.resolve()
          : Promise.reject(new Error('Enter a valid e-mail address')),
    },
  ];
}
