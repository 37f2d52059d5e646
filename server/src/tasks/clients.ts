// The client list for support staff (SPEC §2 /recovery).
import { defineTask } from './registry';
import { TaskError } from './errors';
import { iso, listAnswer, pageOf } from './paging';
import { clientsPage } from './system';

const getClients = defineTask({
  name: 'get_clients',
  roles: ['user_support'],
  probe: () => ({}),
  async handler(ctx, p) {
    if (!ctx.tenant.isSupport) throw new TaskError('Only support staff can list clients', 3);
    const { rows, count } = await clientsPage(ctx, { search: p.search, ...pageOf(p) });
    return listAnswer(
      'clients',
      rows.map((r) => ({
        ...r,
        created: iso(r.created),
        unit_count: Number(r.unit_count),
        user_count: Number(r.user_count),
      })),
      count,
      p.page_size,
    );
  },
});

export const clientTasks = [getClients];
