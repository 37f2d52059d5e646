// The demo fleet's records (issue 12): what each demo vehicle is (make, model, year, VIN, colour,
// fuel and tank), the drivers' licences, the contacts' ranks, the labels and fleets that group the
// vehicles, and a panic remote. Deterministic, so every fresh demo shows the same records.
import type { DemoUnit } from './data';

export interface VehicleDetails {
  make: string;
  model: string;
  year: number;
  vin: string;
  colour: string;
  fuel_type: string;
  tank_size: number | null;
}

/** Make, model, fuel and tank (litres) of each model name of data.ts. */
const MODEL_FACTS: Record<
  string,
  [make: string, model: string, fuel: string, tank: number | null]
> = {
  'Toyota Hilux': ['Toyota', 'Hilux 2.8 GD-6', 'diesel', 80],
  'Isuzu D-Max': ['Isuzu', 'D-Max 3.0', 'diesel', 76],
  'Ford Ranger': ['Ford', 'Ranger 2.0 BiT', 'diesel', 80],
  'VW Polo': ['Volkswagen', 'Polo Vivo 1.4', 'petrol', 45],
  'Toyota Corolla': ['Toyota', 'Corolla Quest 1.8', 'petrol', 50],
  'Toyota Quantum': ['Toyota', 'Quantum 2.5 D-4D', 'diesel', 70],
  'Hino 500': ['Hino', '500 1627', 'diesel', 200],
  'Isuzu NPR': ['Isuzu', 'NPR 400', 'diesel', 100],
  'Mercedes Sprinter': ['Mercedes-Benz', 'Sprinter 516 CDI', 'diesel', 75],
  'Toyota Fortuner': ['Toyota', 'Fortuner 2.8 GD-6', 'diesel', 80],
  'Mercedes Actros': ['Mercedes-Benz', 'Actros 2645', 'diesel', 600],
  'VW Amarok': ['Volkswagen', 'Amarok 2.0 BiTDI', 'diesel', 80],
  'Honda XR150': ['Honda', 'XR150L', 'petrol', 12],
  'Nissan NP200': ['Nissan', 'NP200 1.6', 'petrol', 50],
  'MAN TGS': ['MAN', 'TGS 26.440', 'diesel', 400],
  'Hyundai H100': ['Hyundai', 'H100 2.6', 'diesel', 65],
  'Marcopolo Bus': ['Marcopolo', 'Viaggio 1050', 'diesel', 300],
  'John Deere 6120': ['John Deere', '6120M', 'diesel', 220],
  'CAT 320 Excavator': ['Caterpillar', '320 GC', 'diesel', 345],
  'Afrit Trailer': ['Afrit', 'Tautliner', '', null],
  'Tata Ultra': ['Tata', 'Ultra 1014', 'diesel', 120],
  'Toyota Dyna': ['Toyota', 'Dyna 4-093', 'diesel', 100],
  'Nissan Navara': ['Nissan', 'Navara 2.5 dCi', 'diesel', 80],
  'Renault Kwid': ['Renault', 'Kwid 1.0', 'petrol', 28],
  'UD Quon': ['UD Trucks', 'Quon GW 26.460', 'diesel', 400],
};

const COLOURS = ['White', 'Silver', 'White', 'Grey', 'Blue', 'Red', 'White', 'Black'];
/** The first three characters of a VIN: who made it (a demo's own, never I, O or Q). */
const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The model name of a demo unit: its name without the city and number ("Hino 500 JHB-07"). */
function modelName(u: DemoUnit): string {
  return Object.keys(MODEL_FACTS).find((m) => u.name.includes(m)) ?? '';
}

/** A 17-character VIN of the demo: letters and digits, no I, O or Q. */
function demoVin(make: string, year: number, index: number, key: string): string {
  const wmi = (make.toUpperCase().replace(/[^A-HJ-NPR-Z]/g, '') + 'XXX').slice(0, 3);
  const yearCode = VIN_CHARACTERS[(year - 2001) % VIN_CHARACTERS.length];
  const serial = String((key === 'demo' ? 410_000 : 720_000) + index * 7_919 + year * 13).padStart(
    8,
    '0',
  );
  return `${wmi}DF${key === 'demo' ? '1' : '2'}${index % 10}Z${yearCode}${serial}`.slice(0, 17);
}

export function vehicleDetails(u: DemoUnit, index: number, key: string): VehicleDetails | null {
  const facts = MODEL_FACTS[modelName(u)];
  if (!facts) return null;
  const [make, model, fuel, tank] = facts;
  const year = 2014 + ((index * 5) % 11);
  return {
    make,
    model,
    year,
    vin: demoVin(make, year, index, key),
    colour: COLOURS[index % COLOURS.length],
    fuel_type: fuel,
    tank_size: tank,
  };
}

/** Licence expiry and PrDP in days from the seed day (negative: expired), by demo person name. */
export const DEMO_LICENCES: Record<
  string,
  { licence_number: string; id_number: string; licence_days: number; prdp_days: number | null }
> = {
  'Sipho Nkosi': {
    licence_number: '40120001SN',
    id_number: '8203155234081',
    licence_days: 12,
    prdp_days: 300,
  },
  'Thandi Mokoena': {
    licence_number: '40120002TM',
    id_number: '9004230456087',
    licence_days: 540,
    prdp_days: 21,
  },
  'Johan van der Merwe': {
    licence_number: '40120003JV',
    id_number: '7611025123083',
    licence_days: -20,
    prdp_days: 200,
  },
  'Pieter Botha': {
    licence_number: '40120004PB',
    id_number: '8807145067089',
    licence_days: 27,
    prdp_days: null,
  },
  'Nomvula Dlamini': {
    licence_number: '40120005ND',
    id_number: '9212100345082',
    licence_days: 800,
    prdp_days: null,
  },
  'Ahmed Patel': {
    licence_number: '40120006AP',
    id_number: '8501015800086',
    licence_days: 365,
    prdp_days: 15,
  },
  'Themba Khumalo': {
    licence_number: '40120007TK',
    id_number: '9309095432084',
    licence_days: 1000,
    prdp_days: null,
  },
  'Lerato Molefe': {
    licence_number: '40120008LM',
    id_number: '9505300987080',
    licence_days: 620,
    prdp_days: null,
  },
};

/** The contacts' ranks (SPEC §4: the contact list by rank ascending). */
export const DEMO_CONTACT_RANKS: Record<string, number> = {
  'Anita Naidoo': 1,
  'David Smith': 2,
  'Zanele Mahlangu': 3,
  'Kobus Steyn': 4,
};

/** Labels by name with their colour and the demo units (by their facts) that carry them. */
export const DEMO_FLEET_LABELS: {
  name: string;
  colour: string;
  has: (u: DemoUnit, index: number) => boolean;
}[] = [
  // Johannesburg and Pretoria (data.ts cities 0 and 1).
  { name: 'Gauteng', colour: '#2f54eb', has: (u) => u.city === 0 || u.city === 1 },
  {
    name: 'Refrigerated',
    colour: '#13c2c2',
    has: (u) => u.vehicle_class_ref === 'van' || u.vehicle_class_ref === 'small_truck',
  },
  // The long-haul trucks that drive through the night (devices.ts NIGHT_SHIFT_CLASSES).
  {
    name: 'Night shift',
    colour: '#722ed1',
    has: (u) => u.vehicle_class_ref === 'large_truck' || u.vehicle_class_ref === 'truck_trailer',
  },
];

export const DEMO_FLEETS: { name: string; has: (u: DemoUnit) => boolean }[] = [
  {
    name: 'Long haul',
    has: (u) => ['large_truck', 'truck_trailer', 'bus'].includes(u.vehicle_class_ref),
  },
  {
    name: 'City deliveries',
    has: (u) => ['van', 'small_truck', 'bakkie', 'minibus'].includes(u.vehicle_class_ref),
  },
];

/** The panic remote: paired to the first demo unit, carried by the business owner. */
export const DEMO_REMOTE = { remote_id: 'PB-70A1-0001', unit: 0, holder: 'Anita Naidoo' };
