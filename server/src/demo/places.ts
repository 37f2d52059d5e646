// The demo clients' places (issue 10): depots, a workshop, customers at the suburbs and towns the
// simulated vehicles drive to, fuel stops on the national roads, and a no-go zone. Depots and
// customers of a city are stops of that city's vehicles (their local trips end inside them), and
// the routes of routes.ts start and end at them, so enter and exit events and area searches have
// real visits to find.
import type { Insertable } from 'kysely';
import type { LatLon } from '@fleet/common';
import type { LocationsTable } from '../db/types';
import { offsetPoint } from '../sim/route';
import type { SimStop } from '../sim';
import { shapeColumns } from '../tasks/locations';

export type DemoClientKey = 'demo' | 'other';
export type DemoPlaceKind = 'depot' | 'workshop' | 'customer' | 'fuel' | 'nogo';

export interface DemoPlace {
  name: string;
  kind: DemoPlaceKind;
  /** The centre: a circle's own, the point a polygon's vertices are laid around. */
  lat: number;
  lon: number;
  /** A circle's radius in metres; absent for polygons. */
  radius?: number;
  /** A polygon: the distance in metres of each vertex from the centre, evenly around it. */
  ring?: number[];
  address: string;
  notes: string;
  /** The DEMO_CITIES index whose vehicles' local trips end here (data.ts `city`); none: not a stop. */
  stopOf?: number;
}

export const PLACE_COLOURS: Record<DemoPlaceKind, string> = {
  depot: '#1565c0',
  workshop: '#6a1b9a',
  customer: '#2e7d32',
  fuel: '#ef6c00',
  nogo: '#c62828',
};

const JHB = 0;
const PTA = 1;
const DBN = 2;
const CPT = 3;

const DEMO_PLACES: DemoPlace[] = [
  {
    name: 'Johannesburg Main Depot',
    kind: 'depot',
    lat: -26.2309,
    lon: 28.1772,
    ring: [260, 300, 240, 280, 320, 250, 290, 270],
    address: '14 Refinery Road, Germiston, 1401',
    notes: 'Main yard and loading bays. The N1 Pretoria and N3 Villiers runs start and end here.',
    stopOf: JHB,
  },
  {
    name: 'Rosslyn Workshop',
    kind: 'workshop',
    lat: -25.666,
    lon: 28.1,
    ring: [180, 220, 200, 170, 210, 190],
    address: '22 Bosch Street, Rosslyn, Pretoria, 0200',
    notes: 'Services and tyres for the Pretoria vehicles.',
    stopOf: PTA,
  },
  {
    name: 'Sandton Office Park',
    kind: 'customer',
    lat: -26.1076,
    lon: 28.0567,
    radius: 200,
    address: '5 Rivonia Road, Sandton, 2196',
    notes: 'Deliveries at the basement loading bay.',
    stopOf: JHB,
  },
  {
    name: 'Kempton Park Cold Storage',
    kind: 'customer',
    lat: -26.1004,
    lon: 28.2303,
    radius: 250,
    address: '31 Monument Road, Kempton Park, 1619',
    notes: 'Refrigerated goods only. Gate closes at 17h00.',
    stopOf: JHB,
  },
  {
    name: 'Fourways Building Supplies',
    kind: 'customer',
    lat: -26.014,
    lon: 28.006,
    radius: 200,
    address: 'Witkoppen Road, Fourways, 2191',
    notes: '',
    stopOf: JHB,
  },
  {
    name: 'Midrand Distribution Centre',
    kind: 'customer',
    lat: -25.9992,
    lon: 28.1263,
    radius: 300,
    address: '8 Allandale Road, Midrand, 1685',
    notes: 'Drop on the N1 Pretoria run.',
  },
  {
    name: 'Hatfield Wholesale',
    kind: 'customer',
    lat: -25.7487,
    lon: 28.238,
    radius: 250,
    address: 'Burnett Street, Hatfield, Pretoria, 0083',
    notes: 'End of the N1 Pretoria run.',
    stopOf: PTA,
  },
  {
    name: 'Villiers Grain Silos',
    kind: 'customer',
    lat: -27.0305,
    lon: 28.5921,
    radius: 300,
    address: 'Silo Road, Villiers, 9840',
    notes: 'End of the N3 Villiers run. Weighbridge at the gate.',
  },
  {
    name: 'Westville Pharmacy Supplies',
    kind: 'customer',
    lat: -29.835,
    lon: 30.926,
    radius: 200,
    address: 'Jan Hofmeyr Road, Westville, 3629',
    notes: '',
    stopOf: DBN,
  },
  {
    name: 'Bellville Cash and Carry',
    kind: 'customer',
    lat: -33.9003,
    lon: 18.6288,
    radius: 250,
    address: 'Voortrekker Road, Bellville, 7530',
    notes: 'Cash on delivery.',
    stopOf: CPT,
  },
  {
    name: 'Engen Heidelberg Truck Stop',
    kind: 'fuel',
    lat: -26.5039,
    lon: 28.3593,
    radius: 250,
    address: 'N3 at Heidelberg, Gauteng',
    notes: 'Fleet fuel card accepted. On the N3 Villiers run.',
  },
  {
    name: 'Roodepoort Roadworks No Go Zone',
    kind: 'nogo',
    lat: -26.1625,
    lon: 27.8725,
    ring: [650, 700, 600, 720, 680, 640, 690],
    address: 'Ontdekkers Road, Roodepoort',
    notes: 'Closed for roadworks: no company vehicles.',
  },
];

const OTHER_PLACES: DemoPlace[] = [
  {
    name: 'Pinetown Main Depot',
    kind: 'depot',
    lat: -29.8161,
    lon: 30.8671,
    ring: [240, 280, 260, 300, 250, 230, 290, 270],
    address: '40 Old Main Road, Pinetown, 3610',
    notes: 'Home yard. The Pietermaritzburg and South Coast runs start and end here.',
    stopOf: DBN,
  },
  {
    name: 'Phoenix Industrial Workshop',
    kind: 'workshop',
    lat: -29.706,
    lon: 30.966,
    ring: [200, 230, 180, 210, 240, 190],
    address: 'Phoenix Industrial Park, Durban, 4068',
    notes: 'Services and repairs.',
    stopOf: DBN,
  },
  {
    name: 'Umhlanga Ridge Offices',
    kind: 'customer',
    lat: -29.726,
    lon: 31.084,
    radius: 200,
    address: 'Umhlanga Ridge Boulevard, Umhlanga, 4319',
    notes: '',
    stopOf: DBN,
  },
  {
    name: 'Westville Office Park',
    kind: 'customer',
    lat: -29.835,
    lon: 30.926,
    radius: 200,
    address: 'Jan Hofmeyr Road, Westville, 3629',
    notes: '',
    stopOf: DBN,
  },
  {
    name: 'Chatsworth Wholesale',
    kind: 'customer',
    lat: -29.91,
    lon: 30.8846,
    radius: 250,
    address: 'Road 701, Chatsworth, 4092',
    notes: 'Deliveries before 14h00.',
    stopOf: DBN,
  },
  {
    name: 'Berea Fresh Produce Market',
    kind: 'customer',
    lat: -29.845,
    lon: 31.0,
    radius: 200,
    address: 'Berea Road, Durban, 4001',
    notes: '',
    stopOf: DBN,
  },
  {
    name: 'Amanzimtoti Hardware',
    kind: 'customer',
    lat: -30.052,
    lon: 30.88,
    radius: 200,
    address: 'Kingsway, Amanzimtoti, 4126',
    notes: 'Drop on the South Coast run.',
    stopOf: DBN,
  },
  {
    name: 'Pietermaritzburg Cold Storage',
    kind: 'customer',
    lat: -29.612,
    lon: 30.394,
    radius: 300,
    address: 'Willowton Road, Pietermaritzburg, 3201',
    notes: 'End of the Pietermaritzburg run.',
  },
  {
    name: 'Port Shepstone Timber Yard',
    kind: 'customer',
    lat: -30.738,
    lon: 30.448,
    radius: 300,
    address: 'Marburg Road, Port Shepstone, 4240',
    notes: 'End of the South Coast run.',
  },
  {
    name: 'Engen Cato Ridge Fuel Stop',
    kind: 'fuel',
    lat: -29.7386,
    lon: 30.5786,
    radius: 250,
    address: 'N3 at Cato Ridge, KwaZulu-Natal',
    notes: 'On the Pietermaritzburg run.',
  },
  {
    name: 'Engen Mooi River Truck Stop',
    kind: 'fuel',
    lat: -29.21,
    lon: 29.9939,
    radius: 250,
    address: 'N3 at Mooi River, KwaZulu-Natal',
    notes: 'Fuel and rest stop for the N3 long hauls.',
  },
  {
    name: 'Durban CBD Roadworks No Go Zone',
    kind: 'nogo',
    lat: -29.8587,
    lon: 31.0218,
    ring: [520, 600, 560, 640, 580, 540, 610],
    address: 'Anton Lembede Street, Durban',
    notes: 'Closed for roadworks: no company vehicles.',
  },
];

export const DEMO_CLIENT_PLACES: Record<DemoClientKey, DemoPlace[]> = {
  demo: DEMO_PLACES,
  other: OTHER_PLACES,
};

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** A place's geofence: its centre (circles) or its vertices, evenly around the centre. */
export function placeGeofence(place: DemoPlace): LatLon[] {
  if (!place.ring) return [{ lat: place.lat, lon: place.lon }];
  const n = place.ring.length;
  return place.ring.map((metres, k) => {
    const p = offsetPoint(place, metres, 15 + (360 * k) / n);
    return { lat: round6(p.lat), lon: round6(p.lon) };
  });
}

export function placeByName(key: DemoClientKey, name: string): DemoPlace {
  const place = DEMO_CLIENT_PLACES[key].find((p) => p.name === name);
  if (!place) throw new Error(`demo: no place ${name}`);
  return place;
}

/** The row a place is stored as, the shape columns made as set_location makes them. */
export function placeRow(
  clientId: number,
  place: DemoPlace,
  at: number,
): Insertable<LocationsTable> {
  return {
    client_id: clientId,
    name: place.name,
    ...shapeColumns(place.ring ? 'polygon' : 'point', placeGeofence(place), place.radius),
    colour: PLACE_COLOURS[place.kind],
    address: place.address,
    notes: place.notes,
    created: at,
    updated: at,
  };
}

/** The places a vehicle of this client and city ends its local trips in. */
export function demoStops(key: DemoClientKey, city: number): SimStop[] {
  return DEMO_CLIENT_PLACES[key]
    .filter((p) => p.stopOf === city)
    .map((p) => ({ lat: p.lat, lon: p.lon, radius: p.radius ?? Math.min(...p.ring!) }));
}
