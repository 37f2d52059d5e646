// The demo fleet (issue 2 §7): towns, vehicles and people around four South African cities.
import type { DeviceProtocol, VehicleClass } from '@fleet/common';

export const DEMO_CITIES = [
  { name: 'Johannesburg', lat: -26.2041, lon: 28.0473 },
  { name: 'Pretoria', lat: -25.7479, lon: 28.2293 },
  { name: 'Durban', lat: -29.8587, lon: 31.0218 },
  { name: 'Cape Town', lat: -33.9249, lon: 18.4241 },
] as const;

export interface DemoUnit {
  name: string;
  reg: string;
  vehicle_class_ref: VehicleClass;
  icon_colour: string;
  icon_type: number;
  service_type: string;
  unit_type: string;
  city: number;
  protocol: DeviceProtocol;
}

const MODELS: [string, VehicleClass][] = [
  ['Toyota Hilux', 'bakkie'],
  ['Isuzu D-Max', 'bakkie'],
  ['Ford Ranger', 'bakkie'],
  ['VW Polo', 'hatchback'],
  ['Toyota Corolla', 'sedan'],
  ['Toyota Quantum', 'minibus'],
  ['Hino 500', 'large_truck'],
  ['Isuzu NPR', 'small_truck'],
  ['Mercedes Sprinter', 'van'],
  ['Toyota Fortuner', 'suv'],
  ['Mercedes Actros', 'truck_trailer'],
  ['VW Amarok', 'bakkie'],
  ['Honda XR150', 'motorcycle'],
  ['Nissan NP200', 'bakkie'],
  ['MAN TGS', 'large_truck'],
  ['Hyundai H100', 'small_truck'],
  ['Marcopolo Bus', 'bus'],
  ['John Deere 6120', 'tractor'],
  ['CAT 320 Excavator', 'construction'],
  ['Afrit Trailer', 'trailer'],
];
const COLOURS = ['blue', 'green', 'red', 'orange', 'purple', 'teal', 'black', 'yellow'];
const CITY_CODES = ['GP', 'GP', 'ZN', 'CA'];
const SERVICE_TYPES = [
  'full',
  'full',
  'full',
  'lite',
  'full',
  'recovery',
  'full',
  'backup',
  'full',
  'stealth',
];

/**
 * Units 30-35 carry the other trackers a provider fits (issue 18): Queclink GV300s in the trucks,
 * Meitrack units, cheap H02 (Sinotrack) trackers in a motorbike and a runabout.
 */
const MIXED_FLEET: readonly DeviceProtocol[] = [
  'queclink',
  'meitrack',
  'h02',
  'h02',
  'meitrack',
  'queclink',
];

/**
 * Teltonika units that report over UDP (an FMB set to UDP to save data): the simulator sends their
 * records as datagrams to the Teltonika port number.
 */
export const DEMO_UDP_UNITS: readonly number[] = [8, 15];

export const DEMO_UNITS: DemoUnit[] = Array.from({ length: 40 }, (_, i) => {
  const [model, cls] = MODELS[i % MODELS.length];
  const city = i % 4;
  const regNum = String(100 + i * 7).padStart(3, '0');
  const letters = ['BX', 'CF', 'DK', 'FT', 'HG', 'JL', 'KP', 'LW'][i % 8];
  const reg =
    city === 3 ? `CA ${regNum}-${String(200 + i)}` : `${letters} ${regNum} ${CITY_CODES[city]}`;
  return {
    name: `${model} ${DEMO_CITIES[city].name.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(2, '0')}`,
    reg,
    vehicle_class_ref: cls,
    icon_colour: COLOURS[i % COLOURS.length],
    icon_type: i % 5,
    service_type: SERVICE_TYPES[i % SERVICE_TYPES.length],
    unit_type: cls === 'trailer' ? 'Solar' : i % 13 === 0 ? 'Mobile' : 'Wired',
    city,
    protocol: i < 20 ? 'teltonika' : i < 30 ? 'osmand' : i < 36 ? MIXED_FLEET[i - 30] : 'gt06',
  };
});

export const OTHER_UNITS: DemoUnit[] = [
  ['Tata Ultra', 'small_truck'],
  ['Toyota Dyna', 'small_truck'],
  ['Nissan Navara', 'bakkie'],
  ['Renault Kwid', 'hatchback'],
  ['UD Quon', 'large_truck'],
].map(([model, cls], i) => ({
  name: `Other ${model} ${i + 1}`,
  reg: `ND ${400 + i}-${110 + i}`,
  vehicle_class_ref: cls as VehicleClass,
  icon_colour: 'grey',
  icon_type: 0,
  service_type: 'full',
  unit_type: 'Wired',
  city: 2,
  protocol: 'osmand',
}));

export interface DemoPerson {
  title: string;
  first_name: string;
  surname: string;
  roles: number[];
  contact_roles: string[];
  licence_class: string;
  driver_tag: string | null;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    title: 'Mr',
    first_name: 'Sipho',
    surname: 'Nkosi',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'C',
    driver_tag: '0000A1B2C301',
  },
  {
    title: 'Ms',
    first_name: 'Thandi',
    surname: 'Mokoena',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'B',
    driver_tag: '0000A1B2C302',
  },
  {
    title: 'Mr',
    first_name: 'Johan',
    surname: 'van der Merwe',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'C',
    driver_tag: '0000A1B2C303',
  },
  {
    title: 'Mr',
    first_name: 'Pieter',
    surname: 'Botha',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'A2',
    driver_tag: '0000A1B2C304',
  },
  {
    title: 'Mrs',
    first_name: 'Nomvula',
    surname: 'Dlamini',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'B',
    driver_tag: '0000A1B2C305',
  },
  {
    title: 'Mr',
    first_name: 'Ahmed',
    surname: 'Patel',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'C',
    driver_tag: '0000A1B2C306',
  },
  {
    title: 'Mr',
    first_name: 'Themba',
    surname: 'Khumalo',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'B',
    driver_tag: '0000A1B2C307',
  },
  {
    title: 'Miss',
    first_name: 'Lerato',
    surname: 'Molefe',
    roles: [0, 6],
    contact_roles: [],
    licence_class: 'B',
    driver_tag: '0000A1B2C308',
  },
  {
    title: 'Mrs',
    first_name: 'Anita',
    surname: 'Naidoo',
    roles: [0, 1],
    contact_roles: ['business_owner', 'emergency_contact'],
    licence_class: 'unknown',
    driver_tag: null,
  },
  {
    title: 'Mr',
    first_name: 'David',
    surname: 'Smith',
    roles: [0, 2],
    contact_roles: ['fleet_manager'],
    licence_class: 'unknown',
    driver_tag: null,
  },
  {
    title: 'Ms',
    first_name: 'Zanele',
    surname: 'Mahlangu',
    roles: [0, 4],
    contact_roles: ['billing_accounts'],
    licence_class: 'unknown',
    driver_tag: null,
  },
  {
    title: 'Dr',
    first_name: 'Kobus',
    surname: 'Steyn',
    roles: [0, 8, 10],
    contact_roles: ['emergency_contact', 'no_afterhours_contact'],
    licence_class: 'unknown',
    driver_tag: null,
  },
];

/**
 * The iButton keys some demo Teltonika vehicles read (by demo unit index): the tag of the demo
 * person driving it, who is not always its default driver, and one key nobody has (the unit
 * issues page lists it as an unknown driver tag).
 */
export const DEMO_DRIVER_TAGS: Record<number, string> = {
  0: '0000A1B2C305',
  1: '0000A1B2C302',
  2: '0000A1B2C307',
  3: '0000A1B2C308',
  4: '00000BADC0DE',
  6: '0000A1B2C301',
};

/** A deterministic device identifier per unit: 15-digit IMEIs for TCP protocols, ids for OsmAnd. */
export function demoDeviceId(clientKey: 'demo' | 'other', index: number, protocol: string): string {
  if (protocol === 'osmand')
    return `${clientKey === 'demo' ? 'DF' : 'OF'}${String(index + 1).padStart(4, '0')}`;
  const base = protocol === 'teltonika' ? 356307042440000 : 868120300000000;
  return String(base + (clientKey === 'demo' ? 0 : 500) + index + 1);
}
