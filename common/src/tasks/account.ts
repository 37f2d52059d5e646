// The signed-in user's own account: who_am_i, settings, UI settings and password.
import { z } from 'zod';
import type { UserInfo } from '../api';
import { noParams, type EmptyAnswer } from './shared';

/** Setting names are free; each value is checked by the server (text, number, true/false). */
const settingsFields = z.record(z.string().max(64), z.unknown());

export const accountParams = {
  who_am_i: noParams,
  get_user_settings: noParams,
  set_user_settings: settingsFields,
  get_user_ui_settings: noParams,
  set_user_ui_settings: settingsFields,
  set_password: z.object({
    current_password: z.string().min(1, 'current_password is required'),
    password: z.string(),
  }),
};

/** The user's own settings (SPEC §2 /portal/user/settings); other keys are kept as sent. */
export interface UserSettings {
  email?: string | null;
  cellphone?: string | null;
  timezone?: string;
  max_speed?: number | 'Off';
  date_format?: string;
  [key: string]: unknown;
}

export interface AccountAnswers {
  who_am_i: { user: UserInfo };
  get_user_settings: { settings: UserSettings };
  set_user_settings: { settings: UserSettings };
  get_user_ui_settings: { ui_settings: Record<string, unknown> };
  set_user_ui_settings: { ui_settings: Record<string, unknown> };
  set_password: EmptyAnswer;
}
