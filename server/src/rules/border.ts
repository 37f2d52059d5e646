// South Africa's border for the Border crossing rule (SPEC §3): a fix is in the country when it is
// inside its polygons (even-odd over every ring, so Lesotho, a hole in the mainland, is outside)
// or within COAST_MARGIN_M of its coastline. The data is Natural Earth's 1:10m admin-0 countries
// (public domain, naturalearthdata.com), built into za-border.json by scripts/make-border.mjs.
//
// Cost: the rule tests every new fix of every unit it applies to, so the answer must not cost a
// ray cast over the ~2,200 vertices of the mainland. A grid of CELL_DEG cells over the border's box
// (built once, on the first fix) says of each cell whether it is wholly in the country, wholly out
// of it, or mixed: a cell that no ring edge touches and no coast segment comes within the margin
// of has the same answer at every point, its centre's. A fix outside the box is four comparisons,
// a fix in a whole cell (almost every fix of a fleet inland) one array read; only a fix in a mixed
// cell is tested exactly, against the ring edges of its row of cells and the coast segments near
// its cell: the same per-edge arithmetic as a full ray cast, over tens of edges instead of
// thousands.
import border from './za-border.json';

/**
 * How far out to sea a fix still counts as in the country: the 1:10m coastline is generalised by
 * up to a few hundred metres, so a coastal road (Chapman's Peak, Durban's Marine Parade) can fall
 * just outside it; and nobody drives into another country across the sea.
 */
export const COAST_MARGIN_M = 2000;

const M_PER_DEG_LAT = 111_320;
const RAD = Math.PI / 180;
/** The grid's cell size in degrees (about 3.5 km): a few mixed cells across each border line. */
const CELL_DEG = 1 / 32;
/** Widening of every edge's box before it marks cells, against rounding at a cell's sides. */
const EPS = 1e-9;

/** A ring or coast line as flat [lon, lat, ...], with its box. */
interface Line {
  p: readonly number[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function line(p: readonly number[]): Line {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < p.length; i += 2) {
    minX = Math.min(minX, p[i]);
    maxX = Math.max(maxX, p[i]);
    minY = Math.min(minY, p[i + 1]);
    maxY = Math.max(maxY, p[i + 1]);
  }
  return { p, minX, minY, maxX, maxY };
}

/** The coast margin in degrees of longitude at latitude `y` (a degree narrows towards the pole). */
const marginLonDeg = (y: number) => COAST_MARGIN_M / (M_PER_DEG_LAT * Math.cos(Math.abs(y) * RAD));
const MARGIN_LAT_DEG = COAST_MARGIN_M / M_PER_DEG_LAT;

const RINGS: readonly Line[] = border.rings.map(line);
const COAST: readonly Line[] = border.coast.map(line);
/** Every point of the country and its coastal strip is inside this box. */
const BOX = (() => {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const r of RINGS) {
    minX = Math.min(minX, r.minX);
    minY = Math.min(minY, r.minY);
    maxX = Math.max(maxX, r.maxX);
    maxY = Math.max(maxY, r.maxY);
  }
  for (const c of COAST) {
    const m = Math.max(marginLonDeg(c.minY), marginLonDeg(c.maxY));
    minX = Math.min(minX, c.minX - m);
    minY = Math.min(minY, c.minY - MARGIN_LAT_DEG);
    maxX = Math.max(maxX, c.maxX + m);
    maxY = Math.max(maxY, c.maxY + MARGIN_LAT_DEG);
  }
  return { minX, minY, maxX, maxY };
})();

const OUT = 0;
const IN = 1;
const MIXED = 2;

interface Grid {
  cols: number;
  rows: number;
  /** OUT, IN or MIXED per cell, row-major from (BOX.minX, BOX.minY). */
  cells: Uint8Array;
  /** Per row of cells: the ring edges whose latitudes reach into it, flat [xi, yi, xj, yj, ...]. */
  rowEdges: Float64Array[];
  /** Per mixed cell near the coast: the coast segments within the margin, flat [ax, ay, bx, by, ...]. */
  coast: Map<number, Float64Array>;
}

const colOf = (x: number, cols: number) =>
  Math.min(cols - 1, Math.max(0, Math.floor((x - BOX.minX) / CELL_DEG)));
const rowOf = (y: number, rows: number) =>
  Math.min(rows - 1, Math.max(0, Math.floor((y - BOX.minY) / CELL_DEG)));

/** Even-odd over edges [xi, yi, xj, yj, ...]: whether a ray to the east crosses an odd number. */
function crossesOdd(e: Float64Array, x: number, y: number): boolean {
  let odd = false;
  for (let k = 0; k < e.length; k += 4) {
    const xi = e[k];
    const yi = e[k + 1];
    const xj = e[k + 2];
    const yj = e[k + 3];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
}

/** Within COAST_MARGIN_M of one of the segments (equirectangular: exact enough over 2 km). */
function nearCoast(s: Float64Array, x: number, y: number): boolean {
  const kx = M_PER_DEG_LAT * Math.cos(y * RAD);
  const ky = M_PER_DEG_LAT;
  const max2 = COAST_MARGIN_M * COAST_MARGIN_M;
  for (let k = 0; k < s.length; k += 4) {
    const ax = (s[k] - x) * kx;
    const ay = (s[k + 1] - y) * ky;
    const bx = (s[k + 2] - x) * kx;
    const by = (s[k + 3] - y) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len2)) : 0;
    const cx = ax + t * dx;
    const cy = ay + t * dy;
    if (cx * cx + cy * cy <= max2) return true;
  }
  return false;
}

function buildGrid(): Grid {
  const cols = Math.max(1, Math.ceil((BOX.maxX - BOX.minX) / CELL_DEG));
  const rows = Math.max(1, Math.ceil((BOX.maxY - BOX.minY) / CELL_DEG));
  const cells = new Uint8Array(cols * rows);
  const mark = (
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    each?: (c: number) => void,
  ) => {
    const c0 = colOf(minX - EPS, cols);
    const c1 = colOf(maxX + EPS, cols);
    const r0 = rowOf(minY - EPS, rows);
    const r1 = rowOf(maxY + EPS, rows);
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        cells[r * cols + c] = MIXED;
        each?.(r * cols + c);
      }
  };
  // Ring edges, by row, and the cells they touch (the edge from vertex j to vertex i, as a full
  // ray cast over the ring takes them).
  const byRow: number[][] = Array.from({ length: rows }, () => []);
  for (const ring of RINGS) {
    const p = ring.p;
    for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2) {
      const xi = p[i];
      const yi = p[i + 1];
      const xj = p[j];
      const yj = p[j + 1];
      const r0 = rowOf(Math.min(yi, yj) - EPS, rows);
      const r1 = rowOf(Math.max(yi, yj) + EPS, rows);
      for (let r = r0; r <= r1; r++) byRow[r].push(xi, yi, xj, yj);
      mark(Math.min(xi, xj), Math.min(yi, yj), Math.max(xi, xj), Math.max(yi, yj));
    }
  }
  // Coast segments, widened by the margin (in degrees of longitude at the segment's latitude
  // farthest from the equator, where a metre is the most degrees).
  const coastCells = new Map<number, number[]>();
  for (const l of COAST) {
    const p = l.p;
    for (let i = 0; i + 3 < p.length; i += 2) {
      const mx = marginLonDeg(Math.max(Math.abs(p[i + 1]), Math.abs(p[i + 3])) + MARGIN_LAT_DEG);
      mark(
        Math.min(p[i], p[i + 2]) - mx,
        Math.min(p[i + 1], p[i + 3]) - MARGIN_LAT_DEG,
        Math.max(p[i], p[i + 2]) + mx,
        Math.max(p[i + 1], p[i + 3]) + MARGIN_LAT_DEG,
        (cell) => {
          let list = coastCells.get(cell);
          if (!list) coastCells.set(cell, (list = []));
          list.push(p[i], p[i + 1], p[i + 2], p[i + 3]);
        },
      );
    }
  }
  const rowEdges = byRow.map((e) => Float64Array.from(e));
  const coast = new Map<number, Float64Array>();
  for (const [cell, list] of coastCells) coast.set(cell, Float64Array.from(list));
  // A whole cell has its centre's answer: inside the rings (no coast segment is near it). Per row,
  // where the ring edges cross the row's centre line (each edge's crossing as the ray cast works
  // it out), sorted: a centre is inside when an odd number of them lie east of it.
  for (let r = 0; r < rows; r++) {
    const y = BOX.minY + (r + 0.5) * CELL_DEG;
    const e = rowEdges[r];
    const xs: number[] = [];
    for (let k = 0; k < e.length; k += 4) {
      const yi = e[k + 1];
      const yj = e[k + 3];
      if (yi > y !== yj > y) xs.push(((e[k + 2] - e[k]) * (y - yi)) / (yj - yi) + e[k]);
    }
    xs.sort((a, b) => a - b);
    let west = 0; // crossings at or west of the centre
    for (let c = 0; c < cols; c++) {
      const x = BOX.minX + (c + 0.5) * CELL_DEG;
      while (west < xs.length && xs[west] <= x) west++;
      const k = r * cols + c;
      if (cells[k] !== MIXED) cells[k] = (xs.length - west) % 2 === 1 ? IN : OUT;
    }
  }
  return { cols, rows, cells, rowEdges, coast };
}

let grid: Grid | null = null;

/** Whether a point is in South Africa (its land, less Lesotho, and a coastal strip). */
export function insideSouthAfrica(lat: number, lon: number): boolean {
  if (!(lon >= BOX.minX && lon <= BOX.maxX && lat >= BOX.minY && lat <= BOX.maxY)) return false;
  const g = (grid ??= buildGrid());
  const r = rowOf(lat, g.rows);
  const cell = r * g.cols + colOf(lon, g.cols);
  const state = g.cells[cell];
  if (state !== MIXED) return state === IN;
  if (crossesOdd(g.rowEdges[r], lon, lat)) return true;
  const coast = g.coast.get(cell);
  return coast !== undefined && nearCoast(coast, lon, lat);
}

/**
 * The same answer by brute force: a ray cast over every ring edge and the distance to every coast
 * segment. What the grid is checked against (test/unit/rules); far too slow for the pipeline.
 */
export function insideSouthAfricaExact(lat: number, lon: number): boolean {
  const all = (allEdges ??= {
    rings: Float64Array.from(RINGS.flatMap((r) => edges(r.p, true))),
    coast: Float64Array.from(COAST.flatMap((c) => edges(c.p, false))),
  });
  return crossesOdd(all.rings, lon, lat) || nearCoast(all.coast, lon, lat);
}

let allEdges: { rings: Float64Array; coast: Float64Array } | null = null;

/** A line's edges as [xi, yi, xj, yj, ...]; a ring's last one closes it. */
function edges(p: readonly number[], ring: boolean): number[] {
  const out: number[] = [];
  if (ring)
    for (let i = 0, j = p.length - 2; i < p.length; j = i, i += 2)
      out.push(p[i], p[i + 1], p[j], p[j + 1]);
  else for (let i = 0; i + 3 < p.length; i += 2) out.push(p[i], p[i + 1], p[i + 2], p[i + 3]);
  return out;
}
