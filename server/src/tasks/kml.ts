// KML export and import of a client's locations (issue 10). Export: one KML 2.2 Document, a
// Placemark per location. Import: every placemark becomes a candidate location, checked with the
// same schema as set_location; a dry run only says what would be created and what is refused.
import { sql } from 'kysely';
import { DOMParser } from '@xmldom/xmldom';
import { kmlGen } from '@tmcw/togeojson';
import type { Geometry } from 'geojson';
import {
  DEFAULT_LOCATION_RADIUS_M,
  MAX_LOCATION_RADIUS_M,
  dropClosingPoint,
  hasSpecialCharacters,
  placeParams,
  type KmlImportItem,
  type KmlRefusal,
  type Location,
} from '@fleet/common';
import { now } from '../clock';
import type { TaskContext } from './context';
import { TaskError } from './errors';
import { defineTask } from './registry';
import {
  DEFAULT_LOCATION_COLOUR,
  LOCATION_READ_ROLES,
  LOCATION_WRITE_ROLES,
  NAME_TAKEN,
  locationFromRow,
  locationNames,
  placesChanged,
  shapeColumns,
} from './locations';

/** The most placemarks one file may bring. */
export const KML_MAX_PLACEMARKS = 5000;
/** Rows per insert statement (17 values each: far below SQLite's and PostgreSQL's limits). */
const INSERT_SLICE = 500;

// ---------------------------------------------------------------------------------------------
// Export

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** '#rrggbb' → KML's aabbggrr. */
export function kmlColour(hex: string, alpha = 'ff'): string {
  const h = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex.slice(1).toLowerCase() : '7b1fa2';
  return `${alpha}${h.slice(4, 6)}${h.slice(2, 4)}${h.slice(0, 2)}`;
}

/** lon,lat as KML writes them; String() keeps every digit a double has (a lossless round trip). */
const coord = (p: { lat: number; lon: number }) => `${String(p.lon)},${String(p.lat)}`;

function placemark(l: Location): string {
  const description = [l.address, l.notes].filter((s) => s.trim()).join('\n');
  const data: [string, string][] = [];
  if (l.type === 'point' && l.radius !== null) data.push(['radius', String(l.radius)]);
  if (l.address) data.push(['address', l.address]);
  if (l.notes) data.push(['notes', l.notes]);
  const shape =
    l.type === 'point'
      ? `<Point><coordinates>${coord(l.geofence[0])}</coordinates></Point>`
      : '<Polygon><outerBoundaryIs><LinearRing><coordinates>' +
        // KML rings are closed: the first vertex again at the end.
        [...l.geofence, l.geofence[0]].map(coord).join(' ') +
        '</coordinates></LinearRing></outerBoundaryIs></Polygon>';
  return [
    '<Placemark>',
    `<name>${xmlEscape(l.name)}</name>`,
    description ? `<description>${xmlEscape(description)}</description>` : '',
    '<Style>',
    `<IconStyle><color>${kmlColour(l.colour)}</color></IconStyle>`,
    `<LineStyle><color>${kmlColour(l.colour)}</color><width>2</width></LineStyle>`,
    `<PolyStyle><color>${kmlColour(l.colour, '66')}</color></PolyStyle>`,
    '</Style>',
    data.length
      ? `<ExtendedData>${data
          .map(([k, v]) => `<Data name="${k}"><value>${xmlEscape(v)}</value></Data>`)
          .join('')}</ExtendedData>`
      : '',
    shape,
    '</Placemark>',
  ]
    .filter(Boolean)
    .join('\n');
}

export function locationsKml(locations: readonly Location[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    '<Document>',
    '<name>Locations</name>',
    ...locations.map(placemark),
    '</Document>',
    '</kml>',
  ].join('\n');
}

const getKml = defineTask({
  name: 'get_kml',
  roles: LOCATION_READ_ROLES,
  probe: () => ({}),
  async handler(ctx) {
    const rows = await ctx.tenant
      .selectFrom('locations')
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .orderBy('lid')
      .execute();
    return { kml: locationsKml(rows.map(locationFromRow)), count: rows.length };
  },
});

// ---------------------------------------------------------------------------------------------
// Import

const notKml = (reason: string) => new TaskError(`kml: the file is not valid KML (${reason})`);

/** The file as a DOM; a file that is not well-formed XML, or not KML, is refused whole. */
export function parseKmlDocument(text: string) {
  const problems: string[] = [];
  let doc;
  try {
    doc = new DOMParser({
      onError(level: string, message: string) {
        // A replacement character only means an odd encoding somewhere in a text: still readable.
        if (level === 'warning' && /replacement character/i.test(message)) return;
        problems.push(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (err) {
    throw notKml(shortReason(problems[0] ?? String((err as Error)?.message ?? err)));
  }
  if (problems.length) throw notKml(shortReason(problems[0]));
  const root = doc.documentElement;
  if (!root) throw notKml('it has no root element');
  const rootName = root.localName ?? root.nodeName;
  if (rootName !== 'kml') throw notKml(`its root element is <${rootName}>, not <kml>`);
  return doc;
}

function shortReason(message: string): string {
  const line = message
    .replace(/\s+/g, ' ')
    .replace(/^\[xmldom \w+\]\s*/, '')
    .trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** Text as a location keeps it: the SPEC §5 special characters become spaces. */
function cleanText(value: unknown, max: number, keepLines = false): string {
  let text = typeof value === 'string' ? value : '';
  text = [...text].map((ch) => (hasSpecialCharacters(ch) ? ' ' : ch)).join('');
  text = keepLines
    ? text
        .split(/\r?\n/)
        .map((l) => l.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n')
    : text.replace(/\s+/g, ' ').trim();
  return text.slice(0, max).trim();
}

/** A description as plain text (an HTML one loses its tags). */
function descriptionText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (
    value &&
    typeof value === 'object' &&
    typeof (value as { value?: unknown }).value === 'string'
  )
    return (value as { value: string }).value
      .replace(/<br\s*\/?>|<\/p>/gi, '\n')
      .replace(/<[^>]*>/g, ' ');
  return '';
}

const HEX = /^#[0-9a-fA-F]{6}$/;
function colourOf(props: Record<string, unknown>, type: 'point' | 'polygon'): string | undefined {
  const order =
    type === 'point' ? ['icon-color', 'stroke', 'fill'] : ['stroke', 'fill', 'icon-color'];
  for (const key of order) {
    const v = props[key];
    if (typeof v === 'string' && HEX.test(v)) return v.toLowerCase();
  }
  return undefined;
}

function radiusOf(value: unknown): number {
  const r = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  return Number.isFinite(r) && r > 0 && r <= MAX_LOCATION_RADIUS_M ? r : DEFAULT_LOCATION_RADIUS_M;
}

type Shape =
  | { type: 'point'; points: { lat: number; lon: number }[] }
  | { type: 'polygon'; points: { lat: number; lon: number }[] };

const toLatLon = (c: readonly number[]) => ({ lat: c[1], lon: c[0] });

/** The one point or polygon of a placemark, or why it cannot be a location. */
function shapeOf(geometry: Geometry | null): Shape | string {
  if (!geometry) return 'the placemark has no point or polygon';
  switch (geometry.type) {
    case 'Point':
      return { type: 'point', points: [toLatLon(geometry.coordinates)] };
    case 'Polygon':
      if (geometry.coordinates.length > 1) return 'polygons with holes are not supported';
      return { type: 'polygon', points: (geometry.coordinates[0] ?? []).map(toLatLon) };
    case 'LineString':
    case 'MultiLineString':
      return 'a line is not a location (import lines as routes)';
    case 'MultiPoint':
      if (geometry.coordinates.length === 1)
        return shapeOf({ type: 'Point', coordinates: geometry.coordinates[0] });
      return `a placemark with ${geometry.coordinates.length} points is not one location`;
    case 'MultiPolygon':
      if (geometry.coordinates.length === 1)
        return shapeOf({ type: 'Polygon', coordinates: geometry.coordinates[0] });
      return `a placemark with ${geometry.coordinates.length} polygons is not one location`;
    case 'GeometryCollection': {
      const parts = geometry.geometries;
      if (parts.length === 1) return shapeOf(parts[0]);
      return `a placemark with ${parts.length} shapes is not one location (it needs exactly one point or polygon)`;
    }
    default:
      return 'the placemark has no point or polygon';
  }
}

interface Candidate {
  item: KmlImportItem;
  row: ReturnType<typeof shapeColumns> & {
    name: string;
    colour: string;
    address: string;
    notes: string;
  };
}

/** Every placemark of the file, as a location to create or a refusal with its reason. */
export function readPlacemarks(
  text: string,
  existingNames: ReadonlySet<string>,
): { candidates: Candidate[]; refused: KmlRefusal[] } {
  const doc = parseKmlDocument(text);
  const placemarks = doc.getElementsByTagName('Placemark').length;
  if (placemarks > KML_MAX_PLACEMARKS)
    throw new TaskError(
      `kml: the file has ${placemarks} placemarks; at most ${KML_MAX_PLACEMARKS} can be imported at once`,
    );
  const candidates: Candidate[] = [];
  const refused: KmlRefusal[] = [];
  const seen = new Set<string>();
  let n = 0;
  // Placemarks come first (ground overlays and network links after them: not locations).
  for (const feature of kmlGen(doc)) {
    if (n >= placemarks) break;
    n += 1;
    const props = (feature.properties ?? {}) as Record<string, unknown>;
    const name = cleanText(props.name, 100) || `Placemark ${n}`;
    const shape = shapeOf(feature.geometry);
    if (typeof shape === 'string') {
      refused.push({ name, reason: shape });
      continue;
    }
    const hasOwnText = typeof props.address === 'string' || typeof props.notes === 'string';
    const input = {
      name,
      type: shape.type,
      geofence: shape.type === 'polygon' ? dropClosingPoint(shape.points) : shape.points,
      ...(shape.type === 'point' ? { radius: radiusOf(props.radius) } : {}),
      colour: colourOf(props, shape.type),
      address: cleanText(props.address, 200),
      notes: hasOwnText
        ? cleanText(props.notes, 1000, true)
        : cleanText(descriptionText(props.description), 1000, true),
    };
    const parsed = placeParams.set_location.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.length ? issue.path.join('.') : 'placemark';
      refused.push({ name, reason: `${field}: ${issue.message}` });
      continue;
    }
    const key = name.toLowerCase();
    if (existingNames.has(key)) {
      refused.push({ name, reason: NAME_TAKEN });
      continue;
    }
    if (seen.has(key)) {
      refused.push({ name, reason: 'name: the file has another placemark with this name' });
      continue;
    }
    seen.add(key);
    const p = parsed.data;
    const row = {
      name: p.name,
      ...shapeColumns(p.type, p.geofence, p.radius),
      colour: p.colour ?? DEFAULT_LOCATION_COLOUR,
      address: p.address ?? '',
      notes: p.notes ?? '',
    };
    candidates.push({
      item: { name: p.name, type: p.type, points: JSON.parse(row.geofence).length },
      row,
    });
  }
  return { candidates, refused };
}

async function insertCandidates(ctx: TaskContext, clientId: number, candidates: Candidate[]) {
  const time = now();
  for (let i = 0; i < candidates.length; i += INSERT_SLICE) {
    const slice = candidates.slice(i, i + INSERT_SLICE);
    const ids = await ctx.tenant
      .insertInto('locations', clientId)
      .values(slice.map((c) => ({ ...c.row, created: time, updated: time })))
      .returning(['lid', 'name'])
      .execute();
    for (const r of ids) {
      ctx.changeLog({
        action: 'I',
        entityType: 'Location',
        entityId: r.lid,
        description: `Location ${r.name} imported from KML`,
      });
    }
  }
}

const importKml = defineTask({
  name: 'import_kml',
  roles: LOCATION_WRITE_ROLES,
  entityType: 'Location',
  probe: () => ({ kml: '<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>' }),
  async handler(ctx, p) {
    const clientId = ctx.tenant.ownerClient();
    const { candidates, refused } = readPlacemarks(p.kml, await locationNames(ctx, clientId));
    if (!p.dry_run && candidates.length) {
      // One transaction (the dispatcher's, for import_ tasks): all of them or none.
      await insertCandidates(ctx, clientId, candidates);
      placesChanged(ctx, clientId);
    }
    return { created: candidates.map((c) => c.item), refused, dry_run: p.dry_run };
  },
});

export const kmlTasks = [getKml, importKml];
