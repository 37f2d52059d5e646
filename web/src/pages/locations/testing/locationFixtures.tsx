// Locations as the server answers them, and a stand-in for the shape editor (jsdom has no WebGL):
// it shows what the map would draw and offers buttons that act as the drawing would.
import type { Location } from '@fleet/common';
import type { ShapeChange } from '../LocationShapeEditor';

export function locationOf(lid: number, name: string, extra: Partial<Location> = {}): Location {
  return {
    lid,
    name,
    type: 'point',
    geofence: [{ lat: -26.2, lon: 28.05 }],
    lat: -26.2,
    lon: 28.05,
    lng: 28.05,
    radius: 250,
    colour: '#2e7d32',
    address: '1 Main Road',
    notes: '',
    updated: '2026-11-25T08:00:00Z',
    ...extra,
  };
}

export const SQUARE = [
  { lat: -26.1, lon: 28.0 },
  { lat: -26.1, lon: 28.1 },
  { lat: -26.2, lon: 28.1 },
  { lat: -26.2, lon: 28.0 },
];

/** A ring that crosses itself (a bow tie). */
export const BOW_TIE = [
  { lat: -26.1, lon: 28.0 },
  { lat: -26.2, lon: 28.1 },
  { lat: -26.1, lon: 28.1 },
  { lat: -26.2, lon: 28.0 },
];

interface StandInProps {
  type: string;
  centre: { lat: number; lon: number };
  radius: number | null;
  ring: { lat: number; lon: number }[];
  loadKey: number;
  editable: boolean;
  onShape(change: ShapeChange): void;
}

export function ShapeEditorStandIn(props: StandInProps) {
  return (
    <div>
      <output data-testid="shape">
        {JSON.stringify({
          type: props.type,
          centre: props.centre,
          radius: props.radius,
          corners: props.ring.length,
          loadKey: props.loadKey,
          editable: props.editable,
        })}
      </output>
      <button type="button" onClick={() => props.onShape({ type: 'polygon', ring: SQUARE })}>
        stand-in: draw square
      </button>
      <button type="button" onClick={() => props.onShape({ type: 'polygon', ring: BOW_TIE })}>
        stand-in: draw bow tie
      </button>
      <button
        type="button"
        onClick={() =>
          props.onShape({ type: 'point', centre: { lat: -25.75, lon: 28.19 }, radius: 420 })
        }
      >
        stand-in: draw circle
      </button>
    </div>
  );
}

export const shapeShown = (el: HTMLElement) => JSON.parse(el.textContent ?? '{}');
