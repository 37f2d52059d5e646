// The PDF format (issue 14 item 2): A4 (landscape when a table has more than 7 columns), the
// theme's logo and title, the report's title, client, period, subjects and generation time, then
// each section in order: summary figures as a row of boxes, charts and route maps as SVG, notes,
// and tables. Pages are written as they fill; every footer says "Page x of y".
import { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { ReportMapSection, ReportSummarySection } from '@fleet/common';
import { MARGIN, type Pdf } from '../pdf';
import type { ServerReportDoc } from '../model';
import { brandLogo } from './brand';
import { chartHeight, chartSvg, drawnChart } from './chart-svg';
import {
  cellText,
  EMPTY_NOTE,
  hasRows,
  headerFacts,
  needsEmptyNote,
  STAGING_MARK,
  type HeaderFacts,
} from './format';
import { mapSvg } from './map-svg';
import { drawTable, type Flow } from './pdf-table';
import { FastFont, hLine, PageTotal, pdfSafe, rgb, textRuns } from './pdf-text';

/** A table wider than this turns the pages landscape. */
const PORTRAIT_COLUMNS = 7;
/** Footer room under the content. */
const FOOTER = 44;
/** How much PDF may wait unread before drawing pauses. */
const HIGH_WATER = 4 * 1024 * 1024;
const INK = '#1f1f1f';
const MUTED = rgb('#595959');
const LINE = rgb('#d9d9d9');
const STAGING = '#a8071a';
/** Chart text in pt, near the tables' 8 pt. */
const CHART_FONT = 9;

function pageFlow(pdf: Pdf, doc: ServerReportDoc, facts: HeaderFacts) {
  const regular = new FastFont(pdf, 'Helvetica');
  const bold = new FastFont(pdf, 'Helvetica-Bold');
  const total = new PageTotal(pdf, regular, 8);
  let page = 0;
  const flow: Flow = {
    doc: pdf,
    zone: doc.zone,
    left: MARGIN,
    width: 0,
    bottom: 0,
    y: MARGIN,
    regular,
    bold,
    newPage: () => void pdf.addPage(),
    room(height) {
      if (flow.y + height > flow.bottom) flow.newPage();
    },
    async drained() {
      while (pdf.readableLength > HIGH_WATER && !pdf.destroyed)
        await new Promise((resolve) => setTimeout(resolve, 5));
      if (pdf.destroyed) throw new Error('the report stream was closed');
    },
  };
  // Every page, also those pdfkit adds itself when a long note wraps, gets its footer first.
  pdf.on('pageAdded', () => {
    page++;
    const { width, height } = pdf.page;
    flow.width = width - 2 * MARGIN;
    flow.bottom = height - FOOTER - 8;
    flow.y = MARGIN;
    const baseline = height - FOOTER + 18;
    const right = MARGIN + flow.width;
    hLine(pdf, MARGIN, right, height - FOOTER, LINE);
    const left = [facts.brand, facts.title, facts.staging ? STAGING_MARK : '']
      .filter(Boolean)
      .join(' \u00b7 ');
    const label = `Page ${page} of `;
    const at = right - regular.width('000', 8) - regular.width(label, 8);
    const fitted = regular.fit(pdfSafe(left), 8, at - MARGIN - 12);
    textRuns(pdf, regular, 8, MUTED, baseline, [
      { x: MARGIN, text: fitted },
      { x: at, text: label },
    ]);
    total.place(at + regular.width(label, 8), baseline, MUTED);
  });
  return { flow, finish: () => total.finish(page) };
}

function header(flow: Flow, doc: ServerReportDoc, facts: HeaderFacts): void {
  const pdf = flow.doc;
  const top = flow.y;
  let x = flow.left;
  const logo = brandLogo(doc.brand.logo);
  if (logo) {
    try {
      if (logo.mime === 'image/svg+xml')
        SVGtoPDF(pdf, logo.bytes.toString('utf8'), x, top, { width: 30, height: 30 });
      else pdf.image(logo.bytes, x, top, { fit: [30, 30] });
      x += 38;
    } catch {
      // A logo the PDF cannot draw leaves the title alone.
    }
  }
  const badge = facts.staging ? flow.bold.width(STAGING_MARK, 9) + 16 : 0;
  const brand = flow.bold.fit(pdfSafe(facts.brand), 11, flow.left + flow.width - badge - x - 8);
  textRuns(pdf, flow.bold, 11, rgb('#434343'), top + 19, [{ x, text: brand }]);
  if (facts.staging) {
    const left = flow.left + flow.width - badge;
    pdf.roundedRect(left, top + 4, badge, 20, 3).fillAndStroke('#fff1f0', STAGING);
    textRuns(pdf, flow.bold, 9, rgb(STAGING), top + 17, [{ x: left + 8, text: STAGING_MARK }]);
  }
  pdf.font(flow.bold.name).fontSize(18).fillColor(INK);
  pdf.text(pdfSafe(facts.title), flow.left, top + 40, { width: flow.width });
  flow.y = pdf.y + 8;

  const cells: [string, string][] = [
    ['Client', facts.client],
    ['Period', facts.period],
    [facts.subjectsLabel, facts.subjects],
    ['Generated', facts.generated],
  ];
  const perRow = flow.width > 600 ? 4 : 2;
  const cellWidth = flow.width / perRow;
  cells.forEach(([label, value], i) => {
    const cx = flow.left + (i % perRow) * cellWidth;
    const cy = flow.y + Math.floor(i / perRow) * 30;
    textRuns(pdf, flow.regular, 8, MUTED, cy + 8, [{ x: cx, text: label }]);
    const text = flow.regular.fit(pdfSafe(value), 10, cellWidth - 12);
    textRuns(pdf, flow.regular, 10, rgb(INK), cy + 21, [{ x: cx, text }]);
  });
  flow.y += Math.ceil(cells.length / perRow) * 30 + 4;
  hLine(pdf, flow.left, flow.left + flow.width, flow.y, LINE);
  flow.y += 14;
}

function sectionTitle(flow: Flow, title: string): void {
  flow.doc.font(flow.bold.name).fontSize(11).fillColor(INK);
  flow.doc.text(pdfSafe(title), flow.left, flow.y, { width: flow.width, lineBreak: false });
  flow.y += 18;
}

function summary(flow: Flow, section: ReportSummarySection): void {
  const pdf = flow.doc;
  const perRow = flow.width > 600 ? 6 : 4;
  const gap = 8;
  const w = (flow.width - gap * (perRow - 1)) / perRow;
  const h = 46;
  for (let i = 0; i < section.items.length; i += perRow) {
    flow.room(h + gap);
    section.items.slice(i, i + perRow).forEach((item, j) => {
      const x = flow.left + j * (w + gap);
      pdf.roundedRect(x, flow.y, w, h, 4).lineWidth(0.75).fillAndStroke('#fafafa', '#d9d9d9');
      const label = flow.regular.fit(pdfSafe(item.label), 8, w - 16);
      textRuns(pdf, flow.regular, 8, MUTED, flow.y + 15, [{ x: x + 8, text: label }]);
      const value = pdfSafe(cellText(item.value, item.kind, flow.zone));
      const text = flow.bold.fit(value, 13, w - 16);
      textRuns(pdf, flow.bold, 13, rgb(INK), flow.y + 35, [{ x: x + 8, text }]);
    });
    flow.y += h + gap;
  }
  flow.y += 8;
}

function picture(
  flow: Flow,
  title: string,
  wanted: number,
  svg: (width: number, height: number) => string,
): void {
  // Never taller than a page holds (a heat table of many vehicles on a landscape page).
  const height = Math.min(wanted, flow.bottom - MARGIN - 18);
  flow.room(18 + height);
  sectionTitle(flow, title);
  SVGtoPDF(flow.doc, svg(flow.width, height), flow.left, flow.y, {
    width: flow.width,
    height,
    // The SVG is drawn in points (1 unit = 1 pt), not CSS pixels.
    assumePt: true,
  });
  flow.y += height + 16;
}

function note(flow: Flow, text: string): void {
  flow.room(30);
  flow.doc.font(flow.regular.name).fontSize(10).fillColor('#434343');
  flow.doc.text(pdfSafe(text), flow.left, flow.y, { width: flow.width });
  flow.y = flow.doc.y + 12;
}

async function draw(pdf: Pdf, doc: ServerReportDoc): Promise<void> {
  const facts = headerFacts(doc);
  const { flow, finish } = pageFlow(pdf, doc, facts);
  pdf.addPage();
  header(flow, doc, facts);
  if (needsEmptyNote(doc)) note(flow, EMPTY_NOTE);
  for (const section of doc.sections) {
    switch (section.kind) {
      case 'summary':
        summary(flow, section);
        break;
      case 'note':
        note(flow, section.text);
        break;
      case 'chart': {
        const { section: chart, note: left } = drawnChart(section);
        picture(flow, chart.title, chartHeight(chart, flow.width), (w, h) =>
          chartSvg(chart, w, h, CHART_FONT),
        );
        if (left) note(flow, left);
        break;
      }
      case 'map': {
        const map: ReportMapSection = section;
        picture(flow, map.title, 380, (w, h) => mapSvg(map, w, h));
        break;
      }
      case 'table':
        if (hasRows(section)) await drawTable(flow, section);
        break;
    }
    await flow.drained();
  }
  finish();
  pdf.end();
}

/** The report as a PDF, written while it is read. */
export function pdfStream(doc: ServerReportDoc): Readable {
  const landscape = doc.sections.some(
    (s) => s.kind === 'table' && s.columns.length > PORTRAIT_COLUMNS,
  );
  const pdf = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: FOOTER + 8 },
    autoFirstPage: false,
    info: {
      Title: doc.title,
      Author: doc.brand.title,
      Subject: `${doc.client} ${doc.period ? `${doc.period.from} to ${doc.period.to}` : ''}`.trim(),
      Creator: 'Fleet Portal',
      CreationDate: new Date(doc.generated),
    },
  });
  // Drawn once the caller holds the stream (and its error handler): a failure mid-way destroys
  // the stream with the error, so no cut-short file is taken for a whole one.
  setImmediate(() => {
    draw(pdf, doc).catch((error: unknown) => pdf.destroy(error as Error));
  });
  return pdf;
}
