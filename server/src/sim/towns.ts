// South African towns and the national roads that join them, for the demo fleet's routes.
// Coordinates are town centres (WGS84); a road is the ordered list of towns it passes.

export interface Town {
  name: string;
  lat: number;
  lon: number;
  /** Metros get urban traffic around them; the rest are towns on the road. */
  metro?: boolean;
}

/** Suburbs of the metros: local trips go to these, so they end on land and on streets. */
export const SUBURBS: Record<string, [number, number][]> = {
  Johannesburg: [
    [-26.1076, 28.0567],
    [-26.2485, 27.854],
    [-26.0936, 28.0064],
    [-26.1625, 27.8725],
    [-26.2309, 28.1772],
    [-26.2672, 28.1222],
    [-26.1004, 28.2303],
    [-26.014, 28.006],
    [-26.2041, 28.0473],
    [-26.1467, 28.0436],
  ],
  Pretoria: [
    [-25.8601, 28.1878],
    [-25.7487, 28.238],
    [-25.6733, 28.1739],
    [-25.7123, 28.3957],
    [-25.7826, 28.2757],
    [-25.7334, 28.3045],
    [-25.666, 28.1],
    [-25.7479, 28.2293],
  ],
  Durban: [
    [-29.726, 31.084],
    [-29.8161, 30.8671],
    [-29.835, 30.926],
    [-29.91, 30.8846],
    [-29.8587, 31.0218],
    [-29.845, 31.0],
    [-29.706, 30.966],
    [-30.052, 30.88],
  ],
  'Cape Town': [
    [-33.9003, 18.6288],
    [-33.9833, 18.4667],
    [-33.87, 18.5],
    [-33.831, 18.648],
    [-34.0448, 18.6188],
    [-34.04, 18.677],
    [-33.9249, 18.4241],
    [-33.823, 18.49],
    [-33.899, 18.585],
  ],
  Gqeberha: [
    [-33.98, 25.583],
    [-33.948, 25.56],
    [-33.803, 25.586],
    [-33.9608, 25.6022],
  ],
  'East London': [
    [-32.989, 27.898],
    [-32.948, 27.737],
    [-32.96, 27.94],
    [-33.0153, 27.9116],
  ],
  Bloemfontein: [
    [-29.0852, 26.1596],
    [-29.117, 26.214],
    [-29.07, 26.18],
    [-29.155, 26.265],
  ],
};

const T = (name: string, lat: number, lon: number, metro = false): Town => ({
  name,
  lat,
  lon,
  metro,
});

export const TOWNS: Town[] = [
  T('Cape Town', -33.9249, 18.4241, true),
  T('Paarl', -33.7342, 18.9621),
  T('Worcester', -33.6465, 19.4485),
  T('Laingsburg', -33.1961, 20.8589),
  T('Beaufort West', -32.3567, 22.583),
  T('Three Sisters', -31.9025, 23.0728),
  T('Richmond', -31.415, 23.941),
  T('Hanover', -31.0747, 24.442),
  T('Colesberg', -30.7194, 25.0978),
  T('Trompsburg', -30.0314, 25.7772),
  T('Bloemfontein', -29.0852, 26.1596, true),
  T('Winburg', -28.518, 27.0113),
  T('Kroonstad', -27.6504, 27.2349),
  T('Parys', -26.9024, 27.4552),
  T('Johannesburg', -26.2041, 28.0473, true),
  T('Midrand', -25.9992, 28.1263),
  T('Pretoria', -25.7479, 28.2293, true),
  T('Bela-Bela', -24.8848, 28.2931),
  T('Mokopane', -24.1944, 29.0097),
  T('Polokwane', -23.9045, 29.4689),
  T('Makhado', -23.0436, 29.9053),
  T('Musina', -22.3519, 30.039),
  T('Somerset West', -34.0787, 18.8432),
  T('Caledon', -34.2306, 19.4264),
  T('Swellendam', -34.0226, 20.4417),
  T('Riversdale', -34.0922, 21.2625),
  T('Mossel Bay', -34.1831, 22.146),
  T('George', -33.963, 22.4617),
  T('Knysna', -34.0356, 23.0488),
  T('Plettenberg Bay', -34.0527, 23.3716),
  T('Humansdorp', -34.029, 24.7691),
  T('Gqeberha', -33.9608, 25.6022, true),
  T('Makhanda', -33.3042, 26.5328),
  T('East London', -33.0153, 27.9116, true),
  T('Butterworth', -32.3302, 28.1496),
  T('Mthatha', -31.5889, 28.7844),
  T('Kokstad', -30.5472, 29.4241),
  T('Port Shepstone', -30.7414, 30.455),
  T('Durban', -29.8587, 31.0218, true),
  T('Heidelberg', -26.5039, 28.3593),
  T('Villiers', -27.027, 28.5974),
  T('Harrismith', -28.2728, 29.1295),
  T('Ladysmith', -28.5597, 29.7806),
  T('Estcourt', -29.0094, 29.874),
  T('Mooi River', -29.21, 29.9939),
  T('Pietermaritzburg', -29.6006, 30.3794),
  T('Bronkhorstspruit', -25.808, 28.741),
  T('eMalahleni', -25.8713, 29.2332),
  T('Middelburg', -25.7751, 29.4648),
  T('eMakhazeni', -25.6887, 30.0347),
  T('Machadodorp', -25.6662, 30.2528),
  T('Mbombela', -25.4658, 30.9853),
  T('Malelane', -25.4833, 31.5167),
  T('Komatipoort', -25.4332, 31.9548),
  T('Brits', -25.6347, 27.7802),
  T('Rustenburg', -25.6676, 27.2421),
  T('Potchefstroom', -26.7145, 27.097),
  T('Klerksdorp', -26.8521, 26.6667),
  T('Kimberley', -28.7282, 24.7499),
];

export interface Road {
  name: string;
  via: string[];
}

export const ROADS: Road[] = [
  {
    name: 'N1',
    via: [
      'Cape Town',
      'Paarl',
      'Worcester',
      'Laingsburg',
      'Beaufort West',
      'Three Sisters',
      'Richmond',
      'Hanover',
      'Colesberg',
      'Trompsburg',
      'Bloemfontein',
      'Winburg',
      'Kroonstad',
      'Parys',
      'Johannesburg',
      'Midrand',
      'Pretoria',
      'Bela-Bela',
      'Mokopane',
      'Polokwane',
      'Makhado',
      'Musina',
    ],
  },
  {
    name: 'N2',
    via: [
      'Cape Town',
      'Somerset West',
      'Caledon',
      'Swellendam',
      'Riversdale',
      'Mossel Bay',
      'George',
      'Knysna',
      'Plettenberg Bay',
      'Humansdorp',
      'Gqeberha',
      'Makhanda',
      'East London',
      'Butterworth',
      'Mthatha',
      'Kokstad',
      'Port Shepstone',
      'Durban',
    ],
  },
  {
    name: 'N3',
    via: [
      'Johannesburg',
      'Heidelberg',
      'Villiers',
      'Harrismith',
      'Ladysmith',
      'Estcourt',
      'Mooi River',
      'Pietermaritzburg',
      'Durban',
    ],
  },
  {
    name: 'N4',
    via: [
      'Rustenburg',
      'Brits',
      'Pretoria',
      'Bronkhorstspruit',
      'eMalahleni',
      'Middelburg',
      'eMakhazeni',
      'Machadodorp',
      'Mbombela',
      'Malelane',
      'Komatipoort',
    ],
  },
  { name: 'N12', via: ['Johannesburg', 'Potchefstroom', 'Klerksdorp', 'Kimberley'] },
  { name: 'N8', via: ['Kimberley', 'Bloemfontein'] },
];

const BY_NAME = new Map(TOWNS.map((t) => [t.name.toLowerCase(), t]));

export function townByName(name: string): Town | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
