// Share links for one unit's live position (/track/{send_token}).
import { MAP_DEFAULTS } from '@fleet/common';
import { hashToken, newToken } from '../auth/crypto';
import { defineTask } from './registry';
import { TaskError, notFound } from './errors';
import { iso } from './paging';
import { clock, now } from '../clock';

const MAX_SHARE_MS = 31 * 86400_000;

/** A share link's end: in the future, at most 31 days away. */
function shareExpiry(text: string): { expires: number; now: number } {
  const expires = Date.parse(text);
  const now = clock().now();
  if (expires <= now) throw new TaskError('expires must be in the future');
  if (expires - now > MAX_SHARE_MS) throw new TaskError('A share link can last at most 31 days');
  return { expires, now };
}

const setTrackLink = defineTask({
  name: 'set_track_link',
  roles: ['feature_realtime', 'user_support'],
  entityType: 'Unit',
  probe: (f) => ({ uid: f.uid, expires: new Date(now() + 3600_000).toISOString() }),
  async handler(ctx, p) {
    const unit = await ctx.tenant.assertUnit(p.uid);
    const { expires, now } = shareExpiry(p.expires);
    const token = newToken();
    await ctx.tenant
      .insertInto('track_links', unit.client_id)
      .values({
        unit_id: unit.uid,
        token_hash: hashToken(token),
        created: now,
        expires,
        revoked: 0,
        created_by: ctx.user.nid,
      })
      .execute();
    ctx.changeLog({
      action: 'I',
      entityType: 'Unit',
      entityId: unit.uid,
      description: `${unit.name}: share link until ${iso(expires)}`,
    });
    return {
      send_token: token,
      expires: iso(expires),
      url: `${ctx.services.config.publicUrl}/#/track/${token}`,
    };
  },
});

const deleteTrackLink = defineTask({
  name: 'delete_track_link',
  roles: ['feature_realtime', 'user_support'],
  entityType: 'Unit',
  probe: () => ({ send_token: 'not-a-real-send-token-of-anyone' }),
  async handler(ctx, p) {
    const link = await ctx.tenant
      .selectFrom('track_links')
      .select(['id', 'unit_id'])
      .where('token_hash', '=', hashToken(p.send_token))
      .executeTakeFirst();
    if (!link) throw notFound('Share link');
    const unit = await ctx.tenant.assertUnit(link.unit_id);
    await ctx.tenant
      .updateTable('track_links')
      .set({ revoked: 1 })
      .where('id', '=', link.id)
      .execute();
    ctx.changeLog({
      action: 'D',
      entityType: 'Unit',
      entityId: unit.uid,
      description: `${unit.name}: share link revoked`,
    });
    return {};
  },
});

const setTrackAllLink = defineTask({
  name: 'set_track_all_link',
  roles: ['feature_realtime'],
  entityType: 'Unit',
  probe: () => ({ expires: new Date(now() + 3600_000).toISOString() }),
  async handler(ctx, p) {
    const { expires, now } = shareExpiry(p.expires);
    const token = newToken();
    await ctx.tenant
      .insertInto('track_all_links')
      .values({
        token_hash: hashToken(token),
        created: now,
        expires,
        revoked: 0,
        created_by: ctx.user.nid,
      })
      .execute();
    ctx.changeLog({
      action: 'I',
      entityType: 'Unit',
      entityId: 'all',
      description: `Fleet share link until ${iso(expires)}`,
    });
    return {
      send_token: token,
      expires: iso(expires),
      // The route wants a map position and zoom: open at the SPEC §3 default view.
      url: `${ctx.services.config.publicUrl}/#/track_all/${token}/${MAP_DEFAULTS.lat},${MAP_DEFAULTS.lng}/${MAP_DEFAULTS.zoom}`,
    };
  },
});

const deleteTrackAllLink = defineTask({
  name: 'delete_track_all_link',
  roles: ['feature_realtime'],
  entityType: 'Unit',
  probe: () => ({ send_token: 'not-a-real-send-token-of-anyone' }),
  async handler(ctx, p) {
    const res = await ctx.tenant
      .updateTable('track_all_links')
      .set({ revoked: 1 })
      .where('token_hash', '=', hashToken(p.send_token))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound('Share link');
    ctx.changeLog({
      action: 'D',
      entityType: 'Unit',
      entityId: 'all',
      description: 'Fleet share link revoked',
    });
    return {};
  },
});

export const trackLinkTasks = [setTrackLink, deleteTrackLink, setTrackAllLink, deleteTrackAllLink];
