import type { FeatureCollection, Point } from 'geojson';

// Town names for the offline basemap, so the map still orients a user when no tile server answers.
// Populations are rounded figures in thousands (city or main place, Census 2011/2022 order of
// magnitude); they only decide which names win when labels collide and at which zoom a name appears.

export interface Town {
  name: string;
  lat: number;
  lon: number;
  /** Approximate population in thousands. */
  pop: number;
  /** Capital of a neighbouring country. */
  capital?: boolean;
}

export const SOUTH_AFRICAN_TOWNS: Town[] = [
  { name: 'Johannesburg', lat: -26.2041, lon: 28.0473, pop: 5600 },
  { name: 'Cape Town', lat: -33.9249, lon: 18.4241, pop: 4700 },
  { name: 'Durban', lat: -29.8587, lon: 31.0218, pop: 3900 },
  { name: 'Pretoria', lat: -25.7479, lon: 28.2293, pop: 2900 },
  { name: 'Gqeberha', lat: -33.9608, lon: 25.6022, pop: 1200 },
  { name: 'Bloemfontein', lat: -29.0852, lon: 26.1596, pop: 750 },
  { name: 'Pietermaritzburg', lat: -29.6006, lon: 30.3794, pop: 680 },
  { name: 'East London', lat: -33.0153, lon: 27.9116, pop: 480 },
  { name: 'Polokwane', lat: -23.9045, lon: 29.4689, pop: 400 },
  { name: 'Mbombela', lat: -25.4753, lon: 30.9694, pop: 350 },
  { name: 'Rustenburg', lat: -25.6676, lon: 27.2421, pop: 350 },
  { name: 'Vereeniging', lat: -26.6731, lon: 27.9261, pop: 330 },
  { name: 'Newcastle', lat: -27.7577, lon: 29.9318, pop: 320 },
  { name: 'Klerksdorp', lat: -26.8521, lon: 26.6667, pop: 300 },
  { name: 'Benoni', lat: -26.1885, lon: 28.3208, pop: 300 },
  { name: 'Kimberley', lat: -28.7282, lon: 24.7499, pop: 225 },
  { name: 'Krugersdorp', lat: -26.1016, lon: 27.7695, pop: 220 },
  { name: 'Centurion', lat: -25.8603, lon: 28.1894, pop: 240 },
  { name: 'Welkom', lat: -27.9774, lon: 26.7351, pop: 210 },
  { name: 'George', lat: -33.963, lon: 22.4617, pop: 200 },
  { name: 'Mthatha', lat: -31.5889, lon: 28.7844, pop: 200 },
  { name: 'Springs', lat: -26.2547, lon: 28.4428, pop: 190 },
  { name: 'Potchefstroom', lat: -26.7145, lon: 27.097, pop: 180 },
  { name: 'Witbank', lat: -25.8713, lon: 29.2332, pop: 180 },
  { name: 'Midrand', lat: -25.9992, lon: 28.1263, pop: 170 },
  { name: 'Stellenbosch', lat: -33.9321, lon: 18.8602, pop: 170 },
  { name: 'Kariega', lat: -33.7576, lon: 25.3971, pop: 160 },
  { name: 'Paarl', lat: -33.7342, lon: 18.9621, pop: 160 },
  { name: 'Richards Bay', lat: -28.7807, lon: 32.0383, pop: 150 },
  { name: 'Middelburg', lat: -25.7751, lon: 29.4648, pop: 150 },
  { name: 'Somerset West', lat: -34.0757, lon: 18.8433, pop: 140 },
  { name: 'Sasolburg', lat: -26.8136, lon: 27.8165, pop: 120 },
  { name: 'Mahikeng', lat: -25.856, lon: 25.6403, pop: 115 },
  { name: 'Worcester', lat: -33.6462, lon: 19.4485, pop: 110 },
  { name: 'Secunda', lat: -26.5504, lon: 29.1781, pop: 100 },
  { name: 'Kroonstad', lat: -27.6504, lon: 27.2349, pop: 100 },
  { name: 'Mossel Bay', lat: -34.1831, lon: 22.146, pop: 100 },
  { name: 'Brits', lat: -25.6347, lon: 27.7802, pop: 95 },
  { name: 'Upington', lat: -28.4478, lon: 21.2561, pop: 90 },
  { name: 'Tzaneen', lat: -23.8332, lon: 30.1635, pop: 90 },
  { name: 'Bethlehem', lat: -28.2308, lon: 28.3071, pop: 85 },
  { name: 'Ermelo', lat: -26.5333, lon: 29.9833, pop: 85 },
  { name: 'Empangeni', lat: -28.7489, lon: 31.8933, pop: 80 },
  { name: 'Oudtshoorn', lat: -33.5907, lon: 22.2014, pop: 80 },
  { name: 'Makhanda', lat: -33.3042, lon: 26.5328, pop: 75 },
  { name: 'Komani', lat: -31.8976, lon: 26.8753, pop: 75 },
  { name: 'Ladysmith', lat: -28.5597, lon: 29.7808, pop: 70 },
  { name: 'Mokopane', lat: -24.1944, lon: 29.0097, pop: 70 },
  { name: 'Thohoyandou', lat: -22.9456, lon: 30.4849, pop: 70 },
  { name: 'Knysna', lat: -34.0363, lon: 23.0471, pop: 70 },
  { name: 'Port Shepstone', lat: -30.7414, lon: 30.455, pop: 60 },
  { name: 'Vryheid', lat: -27.7695, lon: 30.7916, pop: 60 },
  { name: 'Standerton', lat: -26.9333, lon: 29.2417, pop: 60 },
  { name: 'Vryburg', lat: -26.9566, lon: 24.7284, pop: 50 },
  { name: 'Qonce', lat: -32.875, lon: 27.39, pop: 50 },
  { name: 'Kokstad', lat: -30.5472, lon: 29.4241, pop: 50 },
  { name: 'Musina', lat: -22.3381, lon: 30.0419, pop: 45 },
  { name: 'Harrismith', lat: -28.2726, lon: 29.1295, pop: 45 },
  { name: 'Hermanus', lat: -34.4187, lon: 19.2345, pop: 45 },
  { name: 'Jeffreys Bay', lat: -34.0506, lon: 24.9222, pop: 40 },
  { name: 'Ballito', lat: -29.539, lon: 31.2144, pop: 40 },
  { name: 'Lephalale', lat: -23.6765, lon: 27.7051, pop: 40 },
  { name: 'Vredenburg', lat: -32.9064, lon: 17.9888, pop: 40 },
  { name: 'Graaff-Reinet', lat: -32.2522, lon: 24.5308, pop: 35 },
  { name: 'Beaufort West', lat: -32.3567, lon: 22.5829, pop: 35 },
  { name: 'Parys', lat: -26.9033, lon: 27.4573, pop: 35 },
  { name: 'Bela-Bela', lat: -24.8849, lon: 28.2924, pop: 35 },
  { name: 'Kathu', lat: -27.6959, lon: 23.0497, pop: 30 },
  { name: 'Phalaborwa', lat: -23.943, lon: 31.1411, pop: 30 },
  { name: 'Aliwal North', lat: -30.6936, lon: 26.711, pop: 30 },
  { name: 'De Aar', lat: -30.6497, lon: 24.0123, pop: 30 },
  { name: 'Kuruman', lat: -27.4524, lon: 23.4325, pop: 25 },
  { name: 'Saldanha', lat: -33.0117, lon: 17.9442, pop: 25 },
  { name: 'Springbok', lat: -29.6643, lon: 17.8865, pop: 15 },
  { name: 'Colesberg', lat: -30.719, lon: 25.098, pop: 15 },
  { name: 'Laingsburg', lat: -33.1961, lon: 20.8589, pop: 8 },
  { name: 'Calvinia', lat: -31.4707, lon: 19.776, pop: 10 },
];

export const NEIGHBOURING_CAPITALS: Town[] = [
  { name: 'Windhoek', lat: -22.5609, lon: 17.0658, pop: 430, capital: true },
  { name: 'Gaborone', lat: -24.6282, lon: 25.9231, pop: 250, capital: true },
  { name: 'Harare', lat: -17.8252, lon: 31.0335, pop: 1600, capital: true },
  { name: 'Maputo', lat: -25.9692, lon: 32.5732, pop: 1100, capital: true },
  { name: 'Maseru', lat: -29.3142, lon: 27.4833, pop: 330, capital: true },
  { name: 'Mbabane', lat: -26.3054, lon: 31.1367, pop: 95, capital: true },
  { name: 'Lusaka', lat: -15.3875, lon: 28.3228, pop: 2700, capital: true },
  { name: 'Lilongwe', lat: -13.9626, lon: 33.7741, pop: 1100, capital: true },
];

/** Country names placed by hand where they read well at zoom 4 to 6. */
export const COUNTRY_LABELS: { name: string; lat: number; lon: number }[] = [
  { name: 'SOUTH AFRICA', lat: -30.9, lon: 22.6 },
  { name: 'NAMIBIA', lat: -20.3, lon: 17.6 },
  { name: 'BOTSWANA', lat: -21.8, lon: 24.0 },
  { name: 'ZIMBABWE', lat: -19.2, lon: 29.8 },
  { name: 'MOZAMBIQUE', lat: -17.8, lon: 35.6 },
  { name: 'LESOTHO', lat: -29.75, lon: 28.35 },
  { name: 'ESWATINI', lat: -26.75, lon: 31.45 },
  { name: 'ZAMBIA', lat: -13.8, lon: 26.5 },
  { name: 'ANGOLA', lat: -12.5, lon: 17.8 },
  { name: 'MALAWI', lat: -12.8, lon: 34.0 },
];

export interface TownProps {
  name: string;
  /** 1 = most populous; lower ranks win label collisions. */
  rank: number;
  /** 1 metros and capitals (shown from zoom 3), 2 cities (zoom 5), 3 towns (zoom 6.5). */
  tier: 1 | 2 | 3;
  capital: 0 | 1;
}

export function townTier(rank: number, capital: boolean): 1 | 2 | 3 {
  if (capital || rank <= 8) return 1;
  return rank <= 25 ? 2 : 3;
}

/** All towns and capitals as points, ranked by population. */
export function townsGeoJson(
  towns: Town[] = [...SOUTH_AFRICAN_TOWNS, ...NEIGHBOURING_CAPITALS],
): FeatureCollection<Point, TownProps> {
  const ranked = [...towns].sort((a, b) => b.pop - a.pop);
  return {
    type: 'FeatureCollection',
    features: ranked.map((town, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [town.lon, town.lat] },
      properties: {
        name: town.name,
        rank: i + 1,
        tier: townTier(i + 1, Boolean(town.capital)),
        capital: town.capital ? 1 : 0,
      },
    })),
  };
}

export function countryLabelsGeoJson(): FeatureCollection<Point, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: COUNTRY_LABELS.map((c) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
      properties: { name: c.name },
    })),
  };
}
