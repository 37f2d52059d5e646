// The Website format as a file (issue 14 item 2): one self-contained page that makes no request of
// its own: inline styles, the logo as a data URL, charts and maps as inline SVG from the renderers
// the PDF uses, and tables whose column headers are buttons that sort them (mouse or keyboard,
// announced through aria-sort). Every name is escaped, so a vehicle called "<script>" is text.
import { Readable } from 'node:stream';
import type { ReportChartSection, ReportSummarySection } from '@fleet/common';
import type { ServerReportDoc, StreamedTable } from '../model';
import { brandLogo, logoDataUrl } from './brand';
import { chartHeight, chartSvg, drawnChart } from './chart-svg';
import {
  alignsRight,
  cellText,
  EMPTY_NOTE,
  escapeXml as esc,
  hasRows,
  headerFacts,
  needsEmptyNote,
  sortKey,
  STAGING_MARK,
  tableBatches,
  totalsRow,
} from './format';
import { mapSvg } from './map-svg';

const CHART_WIDTH = 960;
// Drawn small and scaled to the card's width, so its labels grow with it.
const MAP_SIZE = [720, 420] as const;

// Colours: body text #1f1f1f and muted #595959 on white or #f0f0f0 read at 7:1 or better (AA).
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f1f1f;background:#f5f5f5}
.page{max-width:1240px;margin:0 auto;padding:24px}
.card{background:#fff;border:1px solid #d9d9d9;border-radius:8px;padding:16px 24px;margin-bottom:16px}
.brand{display:flex;align-items:center;gap:10px;color:#434343;font-weight:600}
.brand img{width:32px;height:32px}
.staging{margin-left:auto;border:1px solid #a8071a;background:#fff1f0;color:#a8071a;border-radius:4px;padding:2px 8px;font-weight:700}
h1{font-size:24px;margin:12px 0}
h2{font-size:18px;margin:0 0 12px}
.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:8px 24px;margin:0}
.facts dt{color:#595959;font-size:12px}
.facts dd{margin:0}
.summary{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:12px}
.summary li{border:1px solid #d9d9d9;border-radius:6px;padding:10px 12px;background:#fafafa}
.summary span{display:block;color:#595959;font-size:12px}
.summary strong{display:block;font-size:20px}
figure{margin:0}
figure svg{display:block;max-width:100%;height:auto}
.map svg{width:100%}
details{margin-top:8px}
.scroll{overflow:auto}
.scroll:focus-visible,th button:focus-visible{outline:2px solid #1668dc;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{padding:6px 10px;border-bottom:1px solid #e8e8e8;text-align:left;white-space:nowrap}
th{background:#f0f0f0;position:sticky;top:0}
th button{all:unset;cursor:pointer;font-weight:700}
th button::after{content:" \\2195";color:#595959}
th[aria-sort=ascending] button::after{content:" \\2191"}
th[aria-sort=descending] button::after{content:" \\2193"}
.num{text-align:right}
tbody tr:nth-child(even){background:#fafafa}
tfoot td{font-weight:700;border-top:2px solid #8c8c8c;background:#f0f0f0}
.muted{color:#595959}
footer{color:#595959;font-size:12px;text-align:center;padding:8px}
@media (max-width:991.98px){.page{padding:12px}.card{padding:12px}}
@media print{body{background:#fff}.card{border:0;padding:0}th{position:static}}
`;

// Sorts the rows of a table by the clicked column: numbers and times by value, text by its
// natural order, empty cells last; a second click reverses.
const SCRIPT = `
document.querySelectorAll('table[data-sortable]').forEach(function (table) {
  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (th, col) {
    th.querySelector('button').addEventListener('click', function () {
      var asc = th.getAttribute('aria-sort') !== 'ascending';
      Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
      th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
      var num = th.hasAttribute('data-num');
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      rows.sort(function (a, b) {
        var x = a.cells[col].getAttribute('data-v'), y = b.cells[col].getAttribute('data-v');
        if (x === '' || y === '') return x === y ? 0 : x === '' ? 1 : -1;
        var r = num ? parseFloat(x) - parseFloat(y) : x.localeCompare(y, undefined, { numeric: true });
        return asc ? r : -r;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
});
`;

function headerHtml(doc: ServerReportDoc): string {
  const f = headerFacts(doc);
  const logo = brandLogo(doc.brand.logo);
  const facts: [string, string][] = [
    ['Client', f.client],
    ['Period', f.period],
    [f.subjectsLabel, f.subjects],
    ['Generated', f.generated],
  ];
  return (
    `<header class="card"><div class="brand">` +
    (logo ? `<img src="${logoDataUrl(logo)}" alt="">` : '') +
    `<span>${esc(f.brand)}</span>` +
    (f.staging ? `<span class="staging">${STAGING_MARK}</span>` : '') +
    `</div><h1>${esc(f.title)}</h1><dl class="facts">` +
    facts.map(([t, d]) => `<div><dt>${esc(t)}</dt><dd>${esc(d)}</dd></div>`).join('') +
    `</dl></header>`
  );
}

function summaryHtml(section: ReportSummarySection, zone: string): string {
  const items = section.items
    .map(
      (i) =>
        `<li><span>${esc(i.label)}</span><strong>${esc(cellText(i.value, i.kind, zone))}</strong></li>`,
    )
    .join('');
  return `<section class="card"><h2>Summary</h2><ul class="summary">${items}</ul></section>`;
}

/** The chart's figures as a table under it, for a screen reader and for copying. */
function chartData(section: ReportChartSection): string {
  const head = (cells: string[]) =>
    `<tr>${cells.map((c) => `<th scope="col">${esc(c)}</th>`).join('')}</tr>`;
  let rows: string[];
  let columns: string[];
  if (section.chart === 'heatmap') {
    columns = ['', ...section.categories];
    const grid = (section.rows ?? []).map(() => section.categories.map(() => ''));
    for (const [c, r, v] of section.cells ?? [])
      if (grid[r] && c < section.categories.length) grid[r][c] = String(v);
    rows = grid.map(
      (cells, r) =>
        `<tr><th scope="row">${esc(section.rows![r])}</th>${cells.map((v) => `<td class="num">${v}</td>`).join('')}</tr>`,
    );
  } else {
    columns = ['', ...section.series.map((s) => s.name)];
    rows = section.categories.map(
      (c, i) =>
        `<tr><th scope="row">${esc(c)}</th>${section.series.map((s) => `<td class="num">${esc(String(s.values[i] ?? ''))}</td>`).join('')}</tr>`,
    );
  }
  const unit = section.unit ? ` (${esc(section.unit)})` : '';
  return `<details><summary>Figures${unit}</summary><div class="scroll" tabindex="0" role="region" aria-label="${esc(section.title)} figures"><table><thead>${head(columns)}</thead><tbody>${rows.join('')}</tbody></table></div></details>`;
}

function cells(table: StreamedTable, row: Record<string, unknown>, zone: string): string {
  let out = '';
  for (const c of table.columns) {
    const value = (row[c.key] ?? null) as string | number | null;
    const cls = alignsRight(c.kind) ? ' class="num"' : '';
    out += `<td${cls} data-v="${esc(sortKey(value, c.kind))}">${esc(cellText(value, c.kind, zone, c.decimals))}</td>`;
  }
  return out;
}

async function* tableHtml(table: StreamedTable, zone: string): AsyncGenerator<string> {
  const title = table.title ?? 'Table';
  const heads = table.columns
    .map((c) => {
      const num = alignsRight(c.kind) || c.kind === 'datetime' ? ' data-num' : '';
      const cls = alignsRight(c.kind) ? ' class="num"' : '';
      return `<th scope="col"${cls}${num}><button type="button">${esc(c.title)}</button></th>`;
    })
    .join('');
  yield `<section class="card"><h2>${esc(title)}</h2><div class="scroll" tabindex="0" role="region" aria-label="${esc(title)}"><table data-sortable><thead><tr>${heads}</tr></thead><tbody>`;
  let n = 0;
  for await (const batch of tableBatches(table)) {
    let chunk = '';
    for (const row of batch) chunk += `<tr>${cells(table, row, zone)}</tr>`;
    n += batch.length;
    yield chunk;
  }
  if (!n) yield `<tr><td class="muted" colspan="${table.columns.length}">No rows.</td></tr>`;
  yield '</tbody>';
  const totals = totalsRow(table);
  if (totals && n) yield `<tfoot><tr>${cells(table, totals, zone)}</tr></tfoot>`;
  yield '</table></div>';
  if (table.omitted) yield `<p class="muted">${table.omitted} more rows are in the CSV file.</p>`;
  yield '</section>';
}

async function* htmlChunks(doc: ServerReportDoc): AsyncGenerator<string> {
  const f = headerFacts(doc);
  yield `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(`${f.title} · ${f.client} · ${f.period}`)}</title><style>${STYLE}</style></head><body><div class="page">`;
  yield headerHtml(doc) + '<main>';
  if (needsEmptyNote(doc)) yield `<section class="card"><p>${EMPTY_NOTE}</p></section>`;
  for (const s of doc.sections) {
    if (s.kind === 'summary') yield summaryHtml(s, doc.zone);
    else if (s.kind === 'note') yield `<section class="card"><p>${esc(s.text)}</p></section>`;
    else if (s.kind === 'chart') {
      const { section: drawn, note } = drawnChart(s);
      const svg = chartSvg(drawn, CHART_WIDTH, chartHeight(drawn, CHART_WIDTH));
      const left = note ? `<p class="muted">${esc(note)} Every figure is under Figures.</p>` : '';
      yield `<section class="card"><h2>${esc(s.title)}</h2><figure role="img" aria-label="${esc(`Chart: ${s.title}`)}">${svg}</figure>${left}${chartData(s)}</section>`;
    } else if (s.kind === 'map')
      yield `<section class="card"><h2>${esc(s.title)}</h2><figure class="map">${mapSvg(s, MAP_SIZE[0], MAP_SIZE[1])}</figure></section>`;
    else if (hasRows(s)) yield* tableHtml(s, doc.zone);
  }
  yield `</main><footer>${esc(`${f.brand} · ${f.title} · generated ${f.generated}`)}${f.staging ? ` · ${STAGING_MARK}` : ''}</footer></div><script>${SCRIPT}</script></body></html>`;
}

export function htmlStream(doc: ServerReportDoc): Readable {
  return Readable.from(htmlChunks(doc), { objectMode: false });
}
