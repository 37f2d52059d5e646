// The geometry under a report's route map: Web Mercator fitted to the route, and the Natural Earth
// 1:50m land and country borders of the world-atlas package (the web map's basemap, SPEC §9)
// clipped to the view. Everything is local: no tile server.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { EARTH_RADIUS_M } from '@fleet/common';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';

export type Point = [number, number];
type Box = [minX: number, minY: number, maxX: number, maxY: number];

const MAX_LAT = 85.0511;
const mercX = (lon: number) => (lon + 180) / 360;
const mercY = (lat: number) => {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return 0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI);
};
const lonOf = (x: number) => x * 360 - 180;
const latOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** SPEC §9's default map centre, for a map with nothing on it. */
const DEFAULT_CENTRE: Point = [24.2199, -28.4972];
/** The narrowest view, in Mercator units (about 2 km): one parked vehicle is not a blur. */
const MIN_SPAN = 0.00005;

export interface View {
  width: number;
  height: number;
  /** px per Mercator unit */
  scale: number;
  project(lon: number, lat: number): Point;
  /** the view in degrees: [west, south, east, north] */
  bounds: Box;
  /** metres one px covers at the view's centre */
  metresPerPx: number;
}

/** A view of width × height px that shows every point with `margin` (a share of each side) to spare. */
export function fitView(points: Point[], width: number, height: number, margin = 0.08): View {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    const x = mercX(lon);
    const y = mercY(lat);
    [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  }
  let spanX: number;
  let spanY: number;
  if (x0 > x1) {
    [x0, x1] = [mercX(DEFAULT_CENTRE[0]), mercX(DEFAULT_CENTRE[0])];
    [y0, y1] = [mercY(DEFAULT_CENTRE[1]), mercY(DEFAULT_CENTRE[1])];
    spanX = spanY = 0.05;
  } else {
    spanX = Math.max(x1 - x0, MIN_SPAN);
    spanY = Math.max(y1 - y0, MIN_SPAN);
  }
  const scale = Math.min((width * (1 - 2 * margin)) / spanX, (height * (1 - 2 * margin)) / spanY);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const left = cx - width / 2 / scale;
  const top = cy - height / 2 / scale;
  const right = cx + width / 2 / scale;
  const bottom = cy + height / 2 / scale;
  return {
    width,
    height,
    scale,
    project: (lon, lat) => [(mercX(lon) - left) * scale, (mercY(lat) - top) * scale],
    bounds: [lonOf(left), latOf(bottom), lonOf(right), latOf(top)],
    metresPerPx: (2 * Math.PI * EARTH_RADIUS_M * Math.cos((latOf(cy) * Math.PI) / 180)) / scale,
  };
}

/** Points closer than `px` to the last one kept are dropped (the last point always stays). */
export function thin(points: Point[], px = 0.6): Point[] {
  if (points.length < 3) return points;
  const out: Point[] = [points[0]];
  for (let i = 1; i < points.length - 1; i++) {
    const [lx, ly] = out[out.length - 1];
    if (Math.abs(points[i][0] - lx) + Math.abs(points[i][1] - ly) >= px) out.push(points[i]);
  }
  out.push(points[points.length - 1]);
  return out;
}

/** A ring clipped to a box (Sutherland–Hodgman, one edge at a time); [] when none of it is inside. */
export function clipRing(ring: Point[], box: Box): Point[] {
  const edges: [(p: Point) => boolean, (a: Point, b: Point) => Point][] = [
    [(p) => p[0] >= box[0], (a, b) => atX(a, b, box[0])],
    [(p) => p[0] <= box[2], (a, b) => atX(a, b, box[2])],
    [(p) => p[1] >= box[1], (a, b) => atY(a, b, box[1])],
    [(p) => p[1] <= box[3], (a, b) => atY(a, b, box[3])],
  ];
  let out = ring;
  for (const [inside, cross] of edges) {
    if (!out.length) break;
    const input = out;
    out = [];
    let prev = input[input.length - 1];
    for (const p of input) {
      if (inside(p)) {
        if (!inside(prev)) out.push(cross(prev, p));
        out.push(p);
      } else if (inside(prev)) out.push(cross(prev, p));
      prev = p;
    }
  }
  return out.length >= 3 ? out : [];
}

const atX = (a: Point, b: Point, x: number): Point => [
  x,
  a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]),
];
const atY = (a: Point, b: Point, y: number): Point => [
  a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]),
  y,
];

/** The parts of a line inside a box (Liang–Barsky per segment, joined where they touch). */
export function clipLine(line: Point[], box: Box): Point[][] {
  const parts: Point[][] = [];
  let current: Point[] | null = null;
  for (let i = 1; i < line.length; i++) {
    const seg = clipSegment(line[i - 1], line[i], box);
    if (!seg) {
      current = null;
      continue;
    }
    const [a, b] = seg;
    if (!current || current[current.length - 1] !== line[i - 1] || a !== line[i - 1]) {
      current = [a];
      parts.push(current);
    }
    current.push(b);
  }
  return parts;
}

function clipSegment(a: Point, b: Point, box: Box): [Point, Point] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const tests: [number, number][] = [
    [-dx, a[0] - box[0]],
    [dx, box[2] - a[0]],
    [-dy, a[1] - box[1]],
    [dy, box[3] - a[1]],
  ];
  for (const [p, q] of tests) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const r = q / p;
      if (p < 0) t0 = Math.max(t0, r);
      else t1 = Math.min(t1, r);
      if (t0 > t1) return null;
    }
  }
  // The original point objects where they are not cut, so clipLine can see a line continue.
  const start: Point = t0 === 0 ? a : [a[0] + t0 * dx, a[1] + t0 * dy];
  const end: Point = t1 === 1 ? b : [a[0] + t1 * dx, a[1] + t1 * dy];
  return [start, end];
}

interface Line {
  box: Box;
  points: Position[];
}

type CountriesTopology = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

let world: { land: Line[]; borders: Line[] } | null = null;

function lineOf(points: Position[]): Line {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    box[0] = Math.min(box[0], lon);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lon);
    box[3] = Math.max(box[3], lat);
  }
  return { box, points };
}

/** The atlas, read once per process (about 0.1 s) when the first map is drawn. */
function loadWorld() {
  if (world) return world;
  const file = createRequire(import.meta.url).resolve('world-atlas/countries-50m.json');
  const topology = JSON.parse(fs.readFileSync(file, 'utf8')) as CountriesTopology;
  const land: Line[] = [];
  for (const f of feature(topology, topology.objects.land).features) {
    const g = f.geometry as Polygon | MultiPolygon;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    for (const polygon of polygons) for (const ring of polygon) land.push(lineOf(ring));
  }
  const lines = mesh(topology, topology.objects.countries, (a, b) => a !== b) as MultiLineString;
  world = { land, borders: lines.coordinates.map(lineOf) };
  return world;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** SVG path data of a list of point lists, one decimal. */
export function pathData(lines: Point[][], close = false): string {
  let d = '';
  for (const line of lines) {
    if (line.length < 2) continue;
    d += `M${line.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join('L')}`;
    if (close) d += 'Z';
  }
  return d;
}

/** The land (filled rings), its coastline and the country borders inside the view, as path data. */
export function basemap(view: View): { land: string; coast: string; borders: string } {
  const { land, borders } = loadWorld();
  const pad = 2;
  const box: Box = [-pad, -pad, view.width + pad, view.height + pad];
  const degrees = view.bounds;
  const project = (points: Position[]) => thin(points.map(([lon, lat]) => view.project(lon, lat)));
  const rings: Point[][] = [];
  const coast: Point[][] = [];
  for (const ring of land) {
    if (!overlaps(ring.box, degrees)) continue;
    const points = project(ring.points);
    const clipped = clipRing(points, box);
    if (clipped.length) rings.push(clipped);
    coast.push(...clipLine(points, box));
  }
  const borderLines: Point[][] = [];
  for (const line of borders)
    if (overlaps(line.box, degrees)) borderLines.push(...clipLine(project(line.points), box));
  return { land: pathData(rings, true), coast: pathData(coast), borders: pathData(borderLines) };
}
