// The location editor's values, checked the way the server checks them (the shared zod schema of
// set_location), with messages that name the field; and the conversions to and from the tasks.
import {
  DEFAULT_LOCATION_RADIUS_M,
  dropClosingPoint,
  locationInput,
  type LatLon,
  type Location,
  type LocationInput,
} from '@fleet/common';

export type LocationType = 'point' | 'polygon';

export interface LocationFormValues {
  name: string;
  type: LocationType;
  /** the point location's centre */
  centre: LatLon;
  /** metres, point locations */
  radius: number | null;
  /** polygon vertices, without the closing repeat */
  ring: LatLon[];
  colour: string;
  address: string;
  notes: string;
}

export type LocationField = 'name' | 'type' | 'shape' | 'radius' | 'colour' | 'address' | 'notes';
export type LocationErrors = Partial<Record<LocationField, string>>;

export const LOCATION_FIELD_LABELS: Record<LocationField, string> = {
  name: 'Name',
  type: 'Type',
  shape: 'Shape',
  radius: 'Radius',
  colour: 'Colour',
  address: 'Address',
  notes: 'Notes',
};

/** Colours offered beside the picker (all readable under white text and on the basemap). */
export const LOCATION_PALETTE = [
  '#1565c0',
  '#2e7d32',
  '#c62828',
  '#6a1b9a',
  '#ef6c00',
  '#00838f',
  '#4e342e',
  '#37474f',
];

export function newLocationValues(centre: LatLon): LocationFormValues {
  return {
    name: '',
    type: 'point',
    centre,
    radius: DEFAULT_LOCATION_RADIUS_M,
    ring: [],
    colour: LOCATION_PALETTE[0]!,
    address: '',
    notes: '',
  };
}

export function valuesFromLocation(location: Location): LocationFormValues {
  const point = location.type === 'point';
  return {
    name: location.name,
    type: location.type,
    centre: point
      ? (location.geofence[0] ?? { lat: location.lat, lon: location.lon })
      : { lat: location.lat, lon: location.lon },
    radius: point ? location.radius : DEFAULT_LOCATION_RADIUS_M,
    ring: point ? [] : dropClosingPoint(location.geofence),
    colour: /^#[0-9a-fA-F]{6}$/.test(location.colour) ? location.colour : LOCATION_PALETTE[0]!,
    address: location.address ?? '',
    notes: location.notes ?? '',
  };
}

const round7 = (n: number) => Math.round(n * 1e7) / 1e7;
const rounded = (p: LatLon): LatLon => ({ lat: round7(p.lat), lon: round7(p.lon) });

/** The set_location parameters of the form (lid when editing). */
export function inputFromValues(values: LocationFormValues, lid?: number): LocationInput {
  const point = values.type === 'point';
  return {
    ...(lid === undefined ? {} : { lid }),
    name: values.name.trim(),
    type: values.type,
    geofence: point ? [rounded(values.centre)] : values.ring.map(rounded),
    ...(point && values.radius !== null ? { radius: values.radius } : {}),
    colour: values.colour,
    address: values.address.trim(),
    notes: values.notes.trim(),
  };
}

const FIELD_OF_PATH: Record<string, LocationField> = {
  name: 'name',
  type: 'type',
  geofence: 'shape',
  radius: 'radius',
  colour: 'colour',
  address: 'address',
  notes: 'notes',
};

/** "Name is required", "Radius must be above 0 metres", "Shape: the polygon must not cross itself". */
function fieldMessage(field: LocationField, message: string): string {
  const label = LOCATION_FIELD_LABELS[field];
  if (field === 'shape') return `${label}: ${message}`;
  if (message.toLowerCase().startsWith(label.toLowerCase()))
    return label + message.slice(label.length);
  return `${label} ${message}`;
}

/** The first problem of each field, as the server would see it; empty when the form can be saved. */
export function validateLocation(values: LocationFormValues): LocationErrors {
  const errors: LocationErrors = {};
  if (values.type === 'point' && (values.radius === null || !Number.isFinite(values.radius)))
    errors.radius = 'Radius is required for a point location';
  if (values.type === 'polygon' && values.ring.length === 0)
    errors.shape = 'Shape: draw the polygon on the map (click each corner, then the first again)';
  const parsed = locationInput.safeParse(inputFromValues(values));
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])] ?? 'shape';
    errors[field] ??= fieldMessage(field, issue.message);
  }
  return errors;
}

/** A short description of the shape for lists: "250 m radius" or "7 corners". */
export function shapeSummary(location: Pick<Location, 'type' | 'radius' | 'geofence'>): string {
  if (location.type === 'point') return `${Math.round(location.radius ?? 0)} m radius`;
  const n = dropClosingPoint(location.geofence).length;
  return `${n} corner${n === 1 ? '' : 's'}`;
}
