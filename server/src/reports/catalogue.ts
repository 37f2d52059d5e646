// The files /api/report makes (API.md §4). Each report reads its data through a task of the
// TaskMap (so roles, parameter checks and tenant scoping are the task's own) and draws it in one
// of its formats. The reports issue adds the catalogue of SPEC §3 beside these.
import type { ServedTaskName, TaskMap } from '@fleet/common';
import { contractPdf, dayIn, statementPdf } from './account-files';

export type ReportFormat = 'pdf' | 'csv' | 'html';

export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

export interface RenderContext {
  /** the user's IANA zone, for dates */
  zone: string;
  /** now, ISO */
  now: string;
}

interface ReportDef<K extends ServedTaskName> {
  task: K;
  formats: readonly ReportFormat[];
  render(data: TaskMap[K]['response'], format: ReportFormat, c: RenderContext): Promise<ReportFile>;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'file';

const pdf = (filename: string, body: Buffer): ReportFile => ({
  filename,
  contentType: 'application/pdf',
  body,
});

const statement: ReportDef<'get_statement'> = {
  task: 'get_statement',
  formats: ['pdf'],
  async render({ statement: s }, _format, c) {
    const printed = `${dayIn(c.zone, c.now)} ${new Intl.DateTimeFormat('en-GB', {
      timeZone: c.zone,
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(c.now))}`;
    return pdf(
      `statement-${slug(s.client.name)}-${dayIn(c.zone, c.now)}.pdf`,
      await statementPdf(s, c.zone, printed),
    );
  },
};

const quoteContract: ReportDef<'get_quote_contract'> = {
  task: 'get_quote_contract',
  formats: ['pdf'],
  async render({ quote_contract: q }) {
    return pdf(`contract-${slug(q.quote.reference)}.pdf`, await contractPdf(q));
  },
};

export const REPORTS: Record<string, ReportDef<ServedTaskName>> = {
  statement: statement as unknown as ReportDef<ServedTaskName>,
  quote_contract: quoteContract as unknown as ReportDef<ServedTaskName>,
};
