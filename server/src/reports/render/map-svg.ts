// A report's route map as SVG (issue 14 item 2): the land and borders of the bundled atlas, the
// nearest town names, the routes as lines, the markers (start green, end red, stops blue, events
// orange), a legend and a scale bar. The same picture goes into the PDF and the Website file.
import type { ReportMapSection } from '@fleet/common';
import townList from '../../notify/towns.json';
import type { Town } from '../../notify/towns';
import { FONT_FAMILY } from './chart-svg';
import { escapeXml } from './format';
import { basemap, fitView, pathData, thin, type Point, type View } from './map-geo';

type MarkerKind = ReportMapSection['markers'][number]['kind'];

export const MARKER_STYLE: Record<MarkerKind, { colour: string; label: string }> = {
  start: { colour: '#389e0d', label: 'Start' },
  end: { colour: '#cf1322', label: 'End' },
  stop: { colour: '#1668dc', label: 'Stop' },
  event: { colour: '#d46b08', label: 'Event' },
};
/** Routes in colours apart from the markers'. */
const PATH_COLOURS = ['#722ed1', '#08979c', '#c41d7f', '#ad6800', '#2f54eb'];
const towns = townList as Town[];
const MAX_TOWNS = 30;
const MAX_MARKER_LABELS = 12;
const TEXT = '#262626';

type Rect = [x: number, y: number, w: number, h: number];
const hits = (a: Rect, b: Rect) =>
  a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
/** Helvetica's letters average about half their size in width. */
const textWidth = (text: string, size: number) => text.length * size * 0.52;

/** Text with a white halo, so it reads over land, sea and lines. */
function label(x: number, y: number, text: string, size: number, weight = 'normal'): string {
  const attrs = `x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-size="${size}" font-family="${FONT_FAMILY}" font-weight="${weight}"`;
  const t = escapeXml(text);
  return `<text ${attrs} fill="none" stroke="#ffffff" stroke-width="2.4" stroke-linejoin="round">${t}</text><text ${attrs} fill="${TEXT}">${t}</text>`;
}

/** Town names inside the view, nearest the route first, none over another or over `taken`. */
function townLabels(view: View, route: Point[], taken: Rect[]): string {
  const [west, south, east, north] = view.bounds;
  const sample = route.filter((_, i) => i % Math.max(1, Math.floor(route.length / 300)) === 0);
  const candidates: { town: Town; at: Point; near: number }[] = [];
  for (const town of towns) {
    if (town.lon < west || town.lon > east || town.lat < south || town.lat > north) continue;
    const at = view.project(town.lon, town.lat);
    let near = Infinity;
    for (const p of sample) near = Math.min(near, Math.hypot(p[0] - at[0], p[1] - at[1]));
    candidates.push({ town, at, near });
  }
  candidates.sort((a, b) => a.near - b.near || a.town.name.localeCompare(b.town.name));
  let out = '';
  let shown = 0;
  for (const { town, at } of candidates) {
    if (shown >= MAX_TOWNS) break;
    const box: Rect = [at[0] - 3, at[1] - 10, textWidth(town.name, 8) + 8, 13];
    if (box[0] < 2 || box[1] < 2 || box[0] + box[2] > view.width - 2) continue;
    if (box[1] + box[3] > view.height - 2 || taken.some((r) => hits(r, box))) continue;
    taken.push(box);
    shown++;
    out += `<circle cx="${at[0].toFixed(1)}" cy="${at[1].toFixed(1)}" r="1.8" fill="#595959"/>`;
    out += label(at[0] + 4, at[1] - 2, town.name, 8);
  }
  return out;
}

/** A round distance that fits in about 110 px: "5 km", "500 m". */
function scaleBar(view: View): string {
  const most = 110 * view.metresPerPx;
  const step = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((m) => m * step).find((m) => m <= most) ?? step;
  const px = metres / view.metresPerPx;
  const text = metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
  const x = 10;
  const y = view.height - 12;
  return (
    `<rect x="${x - 4}" y="${y - 16}" width="${(px + 8).toFixed(1)}" height="22" fill="#ffffff" fill-opacity="0.8"/>` +
    `<path d="M${x} ${y - 4}V${y}H${(x + px).toFixed(1)}V${y - 4}" fill="none" stroke="${TEXT}" stroke-width="1.5"/>` +
    label(x, y - 6, text, 8)
  );
}

function legend(section: ReportMapSection): { svg: string; box: Rect } {
  const items: { colour: string; text: string; line: boolean }[] = [];
  section.paths.forEach((p, i) =>
    items.push({
      colour: PATH_COLOURS[i % PATH_COLOURS.length],
      text: section.paths.length > 1 ? p.name : 'Route',
      line: true,
    }),
  );
  for (const kind of Object.keys(MARKER_STYLE) as MarkerKind[])
    if (section.markers.some((m) => m.kind === kind))
      items.push({
        colour: MARKER_STYLE[kind].colour,
        text: MARKER_STYLE[kind].label,
        line: false,
      });
  const shown = items.slice(0, 8);
  const width = 22 + Math.max(30, ...shown.map((i) => textWidth(i.text.slice(0, 28), 8)));
  const box: Rect = [6, 6, width, 8 + shown.length * 13];
  let svg = `<rect x="6" y="6" width="${width.toFixed(1)}" height="${box[3]}" fill="#ffffff" fill-opacity="0.85" stroke="#bfbfbf" stroke-width="0.5"/>`;
  shown.forEach((item, i) => {
    const y = 17 + i * 13;
    svg += item.line
      ? `<path d="M12 ${y - 3}h10" stroke="${item.colour}" stroke-width="3"/>`
      : `<circle cx="17" cy="${y - 3}" r="4" fill="${item.colour}" stroke="#ffffff" stroke-width="1"/>`;
    svg += `<text x="26" y="${y}" font-size="8" font-family="${FONT_FAMILY}" fill="${TEXT}">${escapeXml(item.text.slice(0, 28))}</text>`;
  });
  return { svg, box };
}

/** The map drawn at width × height (px, or pt in the PDF). */
export function mapSvg(section: ReportMapSection, width: number, height: number): string {
  const all: Point[] = [
    ...section.paths.flatMap((p) => p.points),
    ...section.markers.map((m): Point => [m.lon, m.lat]),
  ];
  const view = fitView(all, width, height);
  const project = (points: Point[]) => thin(points.map(([lon, lat]) => view.project(lon, lat)));
  const paths = section.paths.map((p) => project(p.points));
  const markers = section.markers.map((m) => ({ ...m, at: view.project(m.lon, m.lat) }));
  const world = basemap(view);
  const key = legend(section);
  const taken: Rect[] = [key.box, [0, height - 32, 130, 32], [width - 130, height - 14, 130, 14]];
  for (const m of markers) taken.push([m.at[0] - 6, m.at[1] - 6, 12, 12]);

  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(`Map: ${section.title}`)}">`;
  svg += `<rect width="${width}" height="${height}" fill="#cfe3f5"/>`;
  if (world.land) svg += `<path d="${world.land}" fill="#f3f0e8" fill-rule="evenodd"/>`;
  if (world.coast)
    svg += `<path d="${world.coast}" fill="none" stroke="#8fb1cc" stroke-width="0.7"/>`;
  if (world.borders)
    svg += `<path d="${world.borders}" fill="none" stroke="#8c8c8c" stroke-width="0.8" stroke-dasharray="3 2"/>`;
  svg += townLabels(view, paths.flat(), taken);
  paths.forEach((points, i) => {
    const colour = PATH_COLOURS[i % PATH_COLOURS.length];
    svg += `<path d="${pathData([points])}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>`;
  });
  // Start and end on top: a round trip's end does not hide where it began.
  const order: MarkerKind[] = ['event', 'stop', 'end', 'start'];
  for (const kind of order)
    for (const m of markers.filter((x) => x.kind === kind)) {
      const [x, y] = m.at;
      svg += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="${MARKER_STYLE[kind].colour}" stroke="#ffffff" stroke-width="1.5"><title>${escapeXml(m.label)}</title></circle>`;
    }
  if (markers.length <= MAX_MARKER_LABELS)
    for (const m of markers)
      svg += label(m.at[0] + 7, m.at[1] + 3, m.label.slice(0, 40), 8, 'bold');
  svg += key.svg + scaleBar(view);
  svg += `<text x="${width - 4}" y="${height - 4}" font-size="7" font-family="${FONT_FAMILY}" fill="#595959" text-anchor="end">Natural Earth · GeoNames</text>`;
  svg += `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="none" stroke="#bfbfbf"/>`;
  return svg + '</svg>';
}
