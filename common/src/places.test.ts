// Geometry of places (issue 10) at the edges that matter: a metre either side of a border, at
// vertices, in the notch of a concave shape, in the southern hemisphere where the fleets drive.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { EARTH_RADIUS_M } from './constants';
import { haversineMeters } from './geo';
import {
  POLYGON_MAX_POINTS,
  boxOf,
  compilePath,
  distanceToRing,
  dropClosingPoint,
  flatRing,
  metresPerDegreeLon,
  pathLength,
  pointInCircle,
  pointInRing,
  polygonProblem,
  projectOnPath,
  ringAreaM2,
  ringCentre,
  selfIntersects,
  simplifyPath,
  type LatLon,
} from './places';

const M_PER_DEG_LAT = (EARTH_RADIUS_M * Math.PI) / 180;

/** The point `north` and `east` metres away from `p`. */
function offset(p: LatLon, north: number, east: number): LatLon {
  return { lat: p.lat + north / M_PER_DEG_LAT, lon: p.lon + east / metresPerDegreeLon(p.lat) };
}

/** A square of `side` metres with its south-west corner at `sw`, anticlockwise. */
function square(sw: LatLon, side: number): LatLon[] {
  return [sw, offset(sw, 0, side), offset(sw, side, side), offset(sw, side, 0)];
}

/** A regular polygon of n vertices and `radius` metres around `c`. */
function regular(c: LatLon, n: number, radius: number): LatLon[] {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return offset(c, radius * Math.sin(a), radius * Math.cos(a));
  });
}

const JHB: LatLon = { lat: -26.2, lon: 28.05 };
const CPT: LatLon = { lat: -33.92, lon: 18.42 };

describe('pointInCircle', () => {
  for (const [name, c] of [
    ['Johannesburg', JHB],
    ['Cape Town', CPT],
  ] as const) {
    it(`${name}: a metre inside the radius is in, a metre outside is out, in every direction`, () => {
      for (const [n, e] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
        [Math.SQRT1_2, Math.SQRT1_2],
        [-Math.SQRT1_2, Math.SQRT1_2],
      ]) {
        const inside = offset(c, 499 * n, 499 * e);
        const outside = offset(c, 501 * n, 501 * e);
        expect(pointInCircle(inside.lat, inside.lon, c.lat, c.lon, 500), `${n},${e}`).toBe(true);
        expect(pointInCircle(outside.lat, outside.lon, c.lat, c.lon, 500), `${n},${e}`).toBe(false);
      }
      expect(pointInCircle(c.lat, c.lon, c.lat, c.lon, 1)).toBe(true);
    });
  }

  it('agrees with the distance for random points around the fleets (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -35, max: -22, noNaN: true }),
        fc.double({ min: 16, max: 33, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: -3000, max: 3000, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (lat, lon, n, e, r) => {
          const p = offset({ lat, lon }, n, e);
          const d = haversineMeters(p.lat, p.lon, lat, lon);
          fc.pre(Math.abs(d - r) > 0.01);
          return pointInCircle(p.lat, p.lon, lat, lon, r) === d < r;
        },
      ),
    );
  });
});

describe('pointInRing', () => {
  it('a square in Johannesburg: a metre inside each edge is in, a metre outside is out', () => {
    const ring = square(JHB, 1000);
    const flat = flatRing(ring);
    const probes: [number, number, boolean][] = [
      [500, 1, true],
      [500, -1, false],
      [500, 999, true],
      [500, 1001, false],
      [1, 500, true],
      [-1, 500, false],
      [999, 500, true],
      [1001, 500, false],
      // next to the vertices, along the diagonal
      [1, 1, true],
      [-1, -1, false],
      [999, 999, true],
      [1001, 1001, false],
      [999, 1, true],
      [1001, -1, false],
    ];
    for (const [n, e, want] of probes) {
      const p = offset(JHB, n, e);
      expect(pointInRing(p.lat, p.lon, ring), `${n} N, ${e} E`).toBe(want);
      expect(pointInRing(p.lat, p.lon, flat), `${n} N, ${e} E (flat)`).toBe(want);
    }
  });

  it('a ray through a vertex counts once: a diamond around Cape Town', () => {
    const diamond = [
      offset(CPT, -500, 0),
      offset(CPT, 0, 500),
      offset(CPT, 500, 0),
      offset(CPT, 0, -500),
    ];
    // Same latitude as the east and west vertices, inside and outside.
    expect(pointInRing(CPT.lat, CPT.lon, diamond)).toBe(true);
    const west = offset(CPT, 0, -499);
    expect(pointInRing(west.lat, west.lon, diamond)).toBe(true);
    const farWest = offset(CPT, 0, -501);
    expect(pointInRing(farWest.lat, farWest.lon, diamond)).toBe(false);
    const farEast = offset(CPT, 0, 501);
    expect(pointInRing(farEast.lat, farEast.lon, diamond)).toBe(false);
    // Same latitude as the north vertex: only the vertex touches that line.
    const level = offset(CPT, 500, -10);
    expect(pointInRing(level.lat, level.lon, diamond)).toBe(false);
  });

  it('a concave U: the arms and the base are in, the notch between the arms is out', () => {
    // 300 m wide, 300 m tall; the notch is 100 m wide and 200 m deep from the top.
    const sw = CPT;
    const u = [
      sw,
      offset(sw, 0, 300),
      offset(sw, 300, 300),
      offset(sw, 300, 200),
      offset(sw, 100, 200),
      offset(sw, 100, 100),
      offset(sw, 300, 100),
      offset(sw, 300, 0),
    ];
    expect(polygonProblem(u)).toBeNull();
    const at = (n: number, e: number) => {
      const p = offset(sw, n, e);
      return pointInRing(p.lat, p.lon, u);
    };
    expect(at(200, 50)).toBe(true); // left arm
    expect(at(200, 250)).toBe(true); // right arm
    expect(at(50, 150)).toBe(true); // base
    expect(at(200, 150)).toBe(false); // the notch
    expect(at(101, 150)).toBe(false); // a metre above the notch's floor
    expect(at(99, 150)).toBe(true); // a metre below it
    expect(at(200, 101)).toBe(false); // a metre into the notch from the left arm
    expect(at(200, 99)).toBe(true);
    expect(at(200, 199)).toBe(false);
    expect(at(200, 201)).toBe(true);
    // The ring's centre (vertex average) of a U can fall in its notch: not a test of inside.
    expect(ringAreaM2(u)).toBeGreaterThan(0);
  });

  it('agrees with the bounds of a random rectangle (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -35, max: -22, noNaN: true }),
        fc.double({ min: 16, max: 33, noNaN: true }),
        fc.double({ min: 10, max: 5000, noNaN: true }),
        fc.double({ min: 10, max: 5000, noNaN: true }),
        // fractions of the width and height, never exactly on a side
        fc.integer({ min: -500, max: 1499 }).map((i) => (i + 0.5) / 1000),
        fc.integer({ min: -500, max: 1499 }).map((i) => (i + 0.5) / 1000),
        (lat, lon, w, h, fx, fy) => {
          const sw = { lat, lon };
          const ring = [sw, offset(sw, 0, w), offset(sw, h, w), offset(sw, h, 0)];
          const p = offset(sw, fy * h, fx * w);
          return pointInRing(p.lat, p.lon, ring) === (fx > 0 && fx < 1 && fy > 0 && fy < 1);
        },
      ),
    );
  });
});

describe('distanceToRing', () => {
  const ring = square(JHB, 1000);
  it('measures to the nearest edge, inside and outside', () => {
    const centre = offset(JHB, 500, 500);
    expect(distanceToRing(centre.lat, centre.lon, ring)).toBeCloseTo(500, 0);
    const justOut = offset(JHB, 500, -10);
    expect(distanceToRing(justOut.lat, justOut.lon, ring)).toBeCloseTo(10, 1);
    const justIn = offset(JHB, 500, 1);
    expect(distanceToRing(justIn.lat, justIn.lon, flatRing(ring))).toBeCloseTo(1, 1);
    // Beyond a corner: to the vertex itself.
    const corner = offset(JHB, -30, -40);
    expect(distanceToRing(corner.lat, corner.lon, ring)).toBeCloseTo(50, 1);
    // On an edge: zero.
    const edge = offset(JHB, 0, 300);
    expect(distanceToRing(edge.lat, edge.lon, ring)).toBeLessThan(0.01);
  });
});

describe('polygonProblem', () => {
  const sq = square(CPT, 200);
  it('accepts a plain polygon, with or without its closing repeat', () => {
    expect(polygonProblem(sq)).toBeNull();
    expect(polygonProblem([...sq, sq[0]])).toBeNull();
    expect(dropClosingPoint([...sq, sq[0]])).toEqual(sq);
    expect(dropClosingPoint(sq)).toEqual(sq);
  });
  it('refuses fewer than 3 points, also when the third is only the closing repeat', () => {
    expect(polygonProblem([])).toBe('needs at least 3 points');
    expect(polygonProblem(sq.slice(0, 2))).toBe('needs at least 3 points');
    expect(polygonProblem([sq[0], sq[1], sq[0]])).toBe('needs at least 3 points');
  });
  it('refuses a bow-tie, a figure eight touching at a vertex, and a fold-back', () => {
    expect(polygonProblem([sq[0], sq[2], sq[1], sq[3]])).toBe('must not cross itself');
    const a = offset(CPT, 100, 100);
    const eight = [
      CPT,
      offset(CPT, 0, 100),
      a,
      offset(CPT, 200, 200),
      offset(CPT, 200, 100),
      a,
      offset(CPT, 100, 0),
    ];
    expect(polygonProblem(eight)).toBe('must not cross itself');
    const fold = [CPT, offset(CPT, 0, 200), offset(CPT, 0, 100), offset(CPT, 100, 100)];
    expect(polygonProblem(fold)).toBe('must not cross itself');
    expect(selfIntersects(sq)).toBe(false);
  });
  it('accepts 1,000 vertices and refuses 1,001', () => {
    expect(POLYGON_MAX_POINTS).toBe(1000);
    const thousand = regular(JHB, 1000, 2000);
    expect(polygonProblem(thousand)).toBeNull();
    expect(polygonProblem([...thousand, thousand[0]])).toBeNull();
    expect(polygonProblem(regular(JHB, 1001, 2000))).toBe('may have at most 1000 points');
  });
  it('refuses points out of range, the 180th meridian and a shape without area', () => {
    expect(polygonProblem([{ lat: -91, lon: 18 }, ...sq.slice(1)])).toBe(
      'has a point out of range',
    );
    expect(polygonProblem([{ lat: -33, lon: 180.5 }, ...sq.slice(1)])).toBe(
      'has a point out of range',
    );
    expect(polygonProblem([{ lat: NaN, lon: 18 }, ...sq.slice(1)])).toBe(
      'has a point out of range',
    );
    expect(
      polygonProblem([
        { lat: -10, lon: 179.9 },
        { lat: -10, lon: -179.9 },
        { lat: -10.1, lon: -179.9 },
      ]),
    ).toBe('must not cross the 180th meridian');
    expect(polygonProblem([CPT, offset(CPT, 0, 100), offset(CPT, 0, 300)])).toMatch(
      /has no area|must not cross itself/,
    );
  });
  it('regular polygons of any size are fine, their centre inside (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 300 }),
        fc.double({ min: 20, max: 20000, noNaN: true }),
        (n, r) => {
          const ring = regular(CPT, n, r);
          const c = ringCentre(ring);
          return polygonProblem(ring) === null && pointInRing(c.lat, c.lon, ring);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('boxOf', () => {
  it('widens by the margin in metres on every side', () => {
    const box = boxOf([JHB], 100);
    expect(haversineMeters(box.minLat, JHB.lon, box.maxLat, JHB.lon)).toBeCloseTo(200, 3);
    expect(haversineMeters(JHB.lat, box.minLon, JHB.lat, box.maxLon)).toBeCloseTo(200, 0);
    // The circle of 100 m fits in the box.
    const east = offset(JHB, 0, 100);
    expect(east.lon).toBeLessThanOrEqual(box.maxLon + 1e-12);
  });
});

describe('projectOnPath', () => {
  // 1 km east from Johannesburg, in 10 pieces.
  const line = Array.from({ length: 11 }, (_, i) => offset(JHB, 0, i * 100));
  const path = compilePath(line);
  it('measures along the path and off it', () => {
    expect(path.length).toBeCloseTo(1000, 0);
    expect(pathLength(line)).toBeCloseTo(path.length, 6);
    const p = offset(JHB, 100, 300);
    const got = projectOnPath(path, p.lat, p.lon);
    expect(got.along).toBeCloseTo(300, 0);
    expect(got.offset).toBeCloseTo(100, 0);
    const before = offset(JHB, 0, -50);
    expect(projectOnPath(path, before.lat, before.lon)).toMatchObject({ along: 0 });
    expect(projectOnPath(path, before.lat, before.lon).offset).toBeCloseTo(50, 0);
    const after = offset(JHB, -30, 1040);
    const end = projectOnPath(path, after.lat, after.lon);
    expect(end.along).toBeCloseTo(1000, 0);
    expect(end.offset).toBeCloseTo(50, 0);
  });
  it('an empty or one-point path', () => {
    expect(projectOnPath(compilePath([]), JHB.lat, JHB.lon).offset).toBe(Infinity);
    const one = projectOnPath(compilePath([JHB]), offset(JHB, 30, 40).lat, offset(JHB, 30, 40).lon);
    expect(one.along).toBe(0);
    expect(one.offset).toBeCloseTo(50, 0);
  });
  it('out and back on one road: the hint keeps a unit on the pass it is on', () => {
    // East 1 km, a 10 m jog north, back west on the other lane.
    const loop = [JHB, offset(JHB, 0, 1000), offset(JHB, 10, 1000), offset(JHB, 10, 0)];
    const compiled = compilePath(loop);
    const p = offset(JHB, 2, 300); // 2 m from the way out, 8 m from the way back
    const nearest = projectOnPath(compiled, p.lat, p.lon);
    expect(nearest.along).toBeCloseTo(300, 0);
    expect(nearest.offset).toBeCloseTo(2, 1);
    // On the way back (the unit was at 1,650 m): 1,000 + 10 + 700 = 1,710 m.
    const back = projectOnPath(compiled, p.lat, p.lon, 1650);
    expect(back.along).toBeCloseTo(1710, 0);
    expect(back.offset).toBeCloseTo(8, 1);
    // A hint on the way out keeps the way out.
    expect(projectOnPath(compiled, p.lat, p.lon, 250).along).toBeCloseTo(300, 0);
    // A pass much farther than the tie distance (25 m) is not taken, whatever the hint.
    const wide = compilePath([
      JHB,
      offset(JHB, 0, 1000),
      offset(JHB, 100, 1000),
      offset(JHB, 100, 0),
    ]);
    const near = offset(JHB, -5, 300); // 5 m from the way out, 105 m from the way back
    expect(projectOnPath(wide, near.lat, near.lon, 1750).along).toBeCloseTo(300, 0);
  });
});

describe('simplifyPath', () => {
  it('drops points on a straight line and keeps the ends', () => {
    const line = Array.from({ length: 50 }, (_, i) => offset(CPT, 0, i * 20));
    expect(simplifyPath(line, 1)).toEqual([line[0], line[49]]);
    expect(simplifyPath(line.slice(0, 2), 1)).toEqual(line.slice(0, 2));
  });
  it('keeps a corner that is farther off than the tolerance, drops it when it is within', () => {
    const corner = [CPT, offset(CPT, 50, 500), offset(CPT, 0, 1000)];
    expect(simplifyPath(corner, 10)).toHaveLength(3);
    expect(simplifyPath(corner, 60)).toHaveLength(2);
  });
  it('every point of a random path stays within the tolerance of the result (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.double({ min: -200, max: 200, noNaN: true }),
            fc.double({ min: 0, max: 300, noNaN: true }),
          ),
          { minLength: 2, maxLength: 80 },
        ),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (steps, tolerance) => {
          let east = 0;
          const pts = steps.map(([n, e]) => {
            east += e;
            return offset(JHB, n, east);
          });
          const simple = simplifyPath(pts, tolerance);
          if (simple[0] !== pts[0] || simple[simple.length - 1] !== pts[pts.length - 1])
            return false;
          // The result is a subsequence of the input.
          let k = 0;
          for (const p of pts) if (p === simple[k]) k += 1;
          if (k !== simple.length) return false;
          const compiled = compilePath(simple);
          return pts.every((p) => projectOnPath(compiled, p.lat, p.lon).offset <= tolerance + 0.5);
        },
      ),
      { numRuns: 100 },
    );
  });
});
