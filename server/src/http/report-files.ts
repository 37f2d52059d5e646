// GET /api/report/file/:token (issue 14 item 5): the download link of a scheduled report too large
// to attach to its e-mail. No session: the random token in the link is the key, as a share link's
// is. The file streams with its type and name until the run's `expires`; afterwards, or for a token
// that was never issued, the answer is 404 with a sentence saying so. The scheduled reports job
// removes expired files.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services';
import { now } from '../clock';
import { reportFilePath } from '../notify/report-mail';

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
};
const GONE =
  'This report link has expired or does not exist. Reports sent as a link can be downloaded for 7 days; ask for it again from Reports, Scheduled.';

export async function reportFileRoutes(app: FastifyInstance, opts: { services: Services }) {
  const { db } = opts.services.db;
  const { dataDir } = opts.services.config;

  app.get<{ Params: { token: string } }>('/api/report/file/:token', async (req, reply) => {
    const gone = () =>
      reply.status(404).header('Content-Type', 'text/plain; charset=utf-8').send(GONE);
    const { token } = req.params;
    if (!TOKEN.test(token)) return gone();
    const run = await db
      .selectFrom('report_runs')
      .select(['file_name', 'expires'])
      .where('file_token', '=', token)
      .executeTakeFirst();
    if (!run?.file_name || run.expires === null || run.expires <= now()) return gone();
    const file = reportFilePath(dataDir, token, run.file_name);
    let size: number;
    try {
      size = (await fs.promises.stat(file)).size;
    } catch {
      return gone();
    }
    const name = run.file_name.replace(/[^A-Za-z0-9._-]/g, '_');
    return reply
      .header(
        'Content-Type',
        CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream',
      )
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Content-Length', size)
      .header('Cache-Control', 'no-store')
      .send(fs.createReadStream(file));
  });
}
