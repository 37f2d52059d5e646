// The benchmark's fleet: each unit parks, drives, parks for lunch and drives again, logging a fix
// every 10 s with the IO elements an FMB tracker sends by default, in Codec 8 frames of 10 records.
import { seededRandom } from '@fleet/common';
import type { AvlRecord } from './codec8';

const R = 6378137;

/** `count` records of one unit, one every 10 s from `start`. */
export function unitTrack(unit: number, start: number, count: number): AvlRecord[] {
  const rnd = seededRandom(unit + 1);
  let lat = -26.2 + (rnd() - 0.5) * 0.6;
  let lon = 28.05 + (rnd() - 0.5) * 0.6;
  let heading = rnd() * 360;
  let odometer = Math.floor(rnd() * 2e8);
  // Parked, driving, parked (more than the 300 s stop threshold), driving.
  const phases = [0.1, 0.5, 0.68, 1].map((f) => Math.floor(f * count));
  const out: AvlRecord[] = [];
  let speed = 0;
  for (let i = 0; i < count; i++) {
    const driving = (i >= phases[0] && i < phases[1]) || (i >= phases[2] && i < phases[3]);
    speed = driving ? Math.max(5, Math.min(110, speed + (rnd() - 0.4) * 20)) : 0;
    if (driving) {
      heading = (heading + (rnd() - 0.5) * 30 + 360) % 360;
      const d = (speed / 3.6) * 10;
      const h = (heading * Math.PI) / 180;
      lat += ((d * Math.cos(h)) / R) * (180 / Math.PI);
      lon += ((d * Math.sin(h)) / (R * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
      odometer += Math.round(d);
    }
    const ignition = driving || (i > 0 && out[i - 1].speed > 0) ? 1 : 0;
    out.push({
      time: start + i * 10_000,
      lat: lat + (rnd() - 0.5) * 0.00004,
      lon: lon + (rnd() - 0.5) * 0.00004,
      altitude: 1500 + Math.floor(rnd() * 30),
      course: Math.round(heading),
      satellites: 9 + Math.floor(rnd() * 5),
      speed: Math.round(speed),
      eventIo: i === phases[0] || i === phases[2] ? 239 : 0,
      io1: [
        [239, ignition],
        [240, driving ? 1 : 0],
        [21, 3 + Math.floor(rnd() * 3)],
        [69, 1],
      ],
      io2: [
        [66, driving ? 13900 + Math.floor(rnd() * 300) : 12600 + Math.floor(rnd() * 100)],
        [67, 4050 + Math.floor(rnd() * 40)],
        [181, 8 + Math.floor(rnd() * 5)],
        [182, 6 + Math.floor(rnd() * 4)],
      ],
      io4: [
        [16, odometer],
        [199, driving ? Math.round((speed / 3.6) * 10) : 0],
      ],
      io8: [],
    });
  }
  return out;
}
