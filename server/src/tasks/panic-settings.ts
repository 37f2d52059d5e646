// Panic notifications (issue 11, /portal/panic_notification): who gets an e-mail or SMS when a
// panic button is pressed. One row per client; none stored means nobody. The pipeline caches the
// recipients with the client's rules (rules/cache.ts), so a change also says `rules_changed`.
import type { PanicNotificationSettings, Role } from '@fleet/common';
import { json } from '../db';
import { now } from '../clock';
import type { TaskContext } from './context';
import { defineTask } from './registry';
import { rulesChanged } from './rules';

const PANIC_ROLES: readonly Role[] = ['general_panic_notifications'];

const strings = (text: string): string[] =>
  json.parse<unknown[]>(text, []).filter((v): v is string => typeof v === 'string');

async function loadSettings(ctx: TaskContext): Promise<PanicNotificationSettings> {
  // The user's own client, also for support users (whose tenant scope is every client).
  const row = await ctx.tenant
    .selectFrom('panic_notification_settings')
    .select(['emails', 'sms'])
    .where('client_id', '=', ctx.user.clientId)
    .executeTakeFirst();
  return row ? { emails: strings(row.emails), sms: strings(row.sms) } : { emails: [], sms: [] };
}

const getPanicSettings = defineTask({
  name: 'get_panic_notification_settings',
  roles: PANIC_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    return { panic_notification_settings: await loadSettings(ctx) };
  },
});

const setPanicSettings = defineTask({
  name: 'set_panic_notification_settings',
  roles: PANIC_ROLES,
  entityType: 'Panic Notification Settings',
  probe: () => ({ emails: ['probe@example.com'], sms: [] }),
  async handler(ctx, p) {
    const emails = [...new Set(p.emails)];
    const sms = [...new Set(p.sms)];
    const values = { emails: JSON.stringify(emails), sms: JSON.stringify(sms), updated: now() };
    await ctx.tenant
      .insertInto('panic_notification_settings')
      .values(values)
      .onConflict((oc) => oc.column('client_id').doUpdateSet(values))
      .execute();
    ctx.changeLog({
      action: 'E',
      entityType: 'Panic Notification Settings',
      entityId: ctx.user.clientId,
      description: `Panic notifications: ${emails.length} e-mail address(es), ${sms.length} SMS number(s)`,
    });
    rulesChanged(ctx, ctx.user.clientId);
    return { panic_notification_settings: await loadSettings(ctx) };
  },
});

export const panicSettingsTasks = [getPanicSettings, setPanicSettings];
