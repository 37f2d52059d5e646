// A report document as a file (issue 14 item 2): PDF, CSV or the Website page, each a stream the
// /api/report route pipes to the browser and the scheduler writes to disk, with the file's name
// and type.
import type { ReportFormat } from '@fleet/common';
import type { RenderedReport, ServerReportDoc } from '../model';
import { csvStream } from './csv';
import { localDateTime, slug } from './format';
import { htmlStream } from './html';
import { pdfStream } from './pdf';

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** "trips-bakkie-1-2026-11-01-2026-11-30.pdf": the report, its one subject or else the client, the period. */
export function reportFilename(doc: ServerReportDoc, format: ReportFormat): string {
  const who = doc.subjects.length === 1 ? doc.subjects[0] : doc.client;
  const when = doc.period
    ? `${doc.period.from}-${doc.period.to}`.replace(/[^0-9-]/g, '')
    : localDateTime(doc.generated, doc.zone).slice(0, 10);
  return `${slug(doc.report)}-${slug(who)}-${when}.${format}`;
}

export function renderReport(doc: ServerReportDoc, format: ReportFormat): RenderedReport {
  const stream =
    format === 'pdf' ? pdfStream(doc) : format === 'csv' ? csvStream(doc) : htmlStream(doc);
  return { filename: reportFilename(doc, format), contentType: CONTENT_TYPES[format], stream };
}
