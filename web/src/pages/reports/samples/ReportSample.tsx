// The sample pictures of the catalogue's cards: small hand-drawn SVGs of what a report looks like
// (a table, bars, a line against a limit, a heat table, a route on a map, pins on a map). They are
// decoration beside the report's name and description, so screen readers skip them.
import type { ReactElement } from 'react';

export type SampleKind = 'table' | 'bars' | 'line' | 'heat' | 'route' | 'pins';

const SAMPLE_OF: Record<string, SampleKind> = {
  trips: 'route',
  speeding: 'line',
  events: 'table',
  daily_summary: 'bars',
  location_visits: 'pins',
  fuel: 'bars',
  fleet_summary: 'bars',
  utilisation: 'heat',
  speeding_league: 'bars',
  behaviour: 'bars',
  last_position: 'pins',
  driver_trips: 'table',
  driver_scorecard: 'table',
  positions: 'table',
  advanced: 'table',
};

/** The picture for a report of the catalogue (a table for one it does not know). */
export const sampleKindOf = (reportId: string): SampleKind => SAMPLE_OF[reportId] ?? 'table';

const INK = '#8c8c8c';
const BLUE = '#1677ff';
const LAND = '#eef3e8';

function Table() {
  return (
    <>
      <rect x="10" y="10" width="140" height="14" rx="2" fill="#d6e4ff" />
      {[0, 1, 2, 3].map((r) => (
        <g key={r}>
          <rect x="10" y={30 + r * 14} width="140" height="12" fill={r % 2 ? '#fafafa' : '#fff'} />
          <rect x="14" y={34 + r * 14} width={38 - r * 4} height="4" rx="2" fill={INK} />
          <rect x="70" y={34 + r * 14} width="24" height="4" rx="2" fill="#bfbfbf" />
          <rect x="116" y={34 + r * 14} width={18 + r * 3} height="4" rx="2" fill={BLUE} />
        </g>
      ))}
    </>
  );
}

function Bars() {
  const heights = [38, 56, 24, 64, 46, 30, 52];
  return (
    <>
      <line x1="12" y1="80" x2="150" y2="80" stroke={INK} strokeWidth="1.5" />
      {heights.map((h, i) => (
        <rect key={i} x={18 + i * 19} y={80 - h} width="12" height={h} rx="2" fill={BLUE} />
      ))}
    </>
  );
}

function Line() {
  return (
    <>
      <line x1="12" y1="80" x2="150" y2="80" stroke={INK} strokeWidth="1.5" />
      <line x1="12" y1="34" x2="150" y2="34" stroke="#cf1322" strokeDasharray="4 3" />
      <polyline
        points="12,70 30,52 46,58 62,30 78,26 94,48 112,40 128,22 150,50"
        fill="none"
        stroke={BLUE}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </>
  );
}

function Heat() {
  const shades = ['#e6f4ff', '#91caff', '#4096ff', '#0958d9', '#002c8c'];
  return (
    <>
      {[0, 1, 2, 3, 4].map((r) =>
        [0, 1, 2, 3, 4, 5, 6].map((c) => (
          <rect
            key={`${r}-${c}`}
            x={14 + c * 19}
            y={8 + r * 15}
            width="17"
            height="13"
            rx="2"
            fill={shades[(r * 3 + c * 2 + ((r * c) % 3)) % shades.length]}
          />
        )),
      )}
    </>
  );
}

function MapBase({ children }: { children: ReactElement | ReactElement[] }) {
  return (
    <>
      <rect x="0" y="0" width="160" height="90" fill="#dbeafe" />
      <path d="M0,22 C30,10 60,30 90,18 C120,6 140,20 160,14 L160,90 L0,90 Z" fill={LAND} />
      <path d="M20,90 C40,70 70,72 100,60 C126,50 140,56 160,44" fill="none" stroke="#d9d9d9" />
      {children}
    </>
  );
}

function Route() {
  return (
    <MapBase>
      <polyline
        points="22,74 40,60 58,64 76,44 98,48 118,30 138,34"
        fill="none"
        stroke={BLUE}
        strokeWidth="3"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="22" cy="74" r="5" fill="#389e0d" />
      <circle cx="138" cy="34" r="5" fill="#cf1322" />
      <circle cx="76" cy="44" r="4" fill="#fff" stroke={BLUE} strokeWidth="2" />
    </MapBase>
  );
}

function Pins() {
  const pins: [number, number][] = [
    [34, 60],
    [62, 40],
    [90, 66],
    [116, 36],
    [136, 58],
  ];
  return (
    <MapBase>
      {pins.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <path d={`M${x},${y} l-6,-10 a7,7 0 1,1 12,0 z`} fill={BLUE} />
          <circle cx={x} cy={y - 13} r="2.5" fill="#fff" />
        </g>
      ))}
    </MapBase>
  );
}

const DRAWINGS: Record<SampleKind, () => ReactElement> = {
  table: Table,
  bars: Bars,
  line: Line,
  heat: Heat,
  route: Route,
  pins: Pins,
};

export default function ReportSample({ reportId }: { reportId: string }) {
  const kind = sampleKindOf(reportId);
  const Drawing = DRAWINGS[kind];
  return (
    <svg
      className="report-sample"
      viewBox="0 0 160 90"
      aria-hidden="true"
      focusable="false"
      data-sample={kind}
    >
      <rect x="0" y="0" width="160" height="90" rx="6" fill="#fff" />
      <Drawing />
    </svg>
  );
}
