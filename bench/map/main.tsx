import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  VEHICLE_CLASSES,
  seededRandom,
  type ThemeMapSource,
  type TripPoint,
  type UnitListItem,
} from '@fleet/common';
import { MapView } from '@map/MapView';
import { UnitsLayer } from '@map/UnitsLayer';
import { TripLayer } from '@map/TripLayer';
import { GeofenceLayer } from '@map/GeofenceLayer';
import { ReplayLayer } from '@map/ReplayLayer';
import { ReplayControls } from '@map/ReplayControls';
import { MapToggles } from '@map/MapToggles';
import { drawSpriteByName } from '@map/sprites/unitSprites';
import { useLiveUnits } from '@map/live/useLiveUnits';
import { useReplay } from '@map/replay/useReplay';
import type { ReplayController } from '@map/replay/replayController';
import { useMapToggles } from '@map/toggles/useMapToggles';
import type { RealtimeIconStyle } from '@map/sprites/spriteNames';
import type { GeofenceItem } from '@map/overlays/geofenceGeojson';
import type { UnitUpdate } from '@map/live/mergeUnitUpdates';
import { makeDemoUnits, makeGeofences, makeTrip, makeUnits, nextFix } from './fixtures';

// The harness page that scripts/bench-map.mjs drives: window.bench runs one scenario at a time.

interface Controls {
  setUnits: (units: UnitListItem[]) => void;
  push: (updates: readonly UnitUpdate[]) => void;
  setTrip: (points: TripPoint[]) => void;
  setReplayTrip: (points: TripPoint[]) => void;
  setGeofences: (items: GeofenceItem[]) => void;
  setSelected: (uid: number | null) => void;
  setIconStyle: (style: RealtimeIconStyle) => void;
}

let controls: Controls | null = null;
let theMap: MapLibreMap | null = null;
let mapReady: () => void;
const ready = new Promise<void>((resolve) => (mapReady = resolve));

const params = new URLSearchParams(location.search);
// ?sources=1 gives the switcher something to switch; the local server answers blank tiles.
const SOURCES: ThemeMapSource[] = params.has('sources')
  ? (['roadmap', 'satellite', 'hybrid', 'terrain'] as const).map((id) => ({
      id,
      name: id,
      tiles: [`${location.origin}/blank-tiles/${id}/{z}/{x}/{y}.png`],
      attribution: 'Blank test tiles',
    }))
  : [];

function Harness() {
  const [initial, setInitial] = useState<UnitListItem[]>([]);
  const live = useLiveUnits(initial);
  const [trip, setTrip] = useState<TripPoint[]>([]);
  const [replayTrip, setReplayTrip] = useState<TripPoint[]>([]);
  const [geofences, setGeofences] = useState<GeofenceItem[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [iconStyle, setIconStyle] = useState<RealtimeIconStyle>(3);
  const toggles = useMapToggles({ initial: { name_tags: true } });
  const replay = useReplay(replayTrip);
  const trips = useMemo(() => (trip.length ? [{ id: 1, points: trip }] : []), [trip]);

  useEffect(() => {
    controls = {
      setUnits: setInitial,
      push: live.push,
      setTrip,
      setReplayTrip,
      setGeofences,
      setSelected,
      setIconStyle,
    };
  }, [live.push]);

  return (
    <MapView
      mapSources={SOURCES}
      style={{ height: '100vh' }}
      onReady={(map) => {
        theMap = map;
        mapReady();
      }}
    >
      <GeofenceLayer locations={geofences} showPolygons={toggles.toggles.polygons} />
      <TripLayer trips={trips} showArrows={toggles.toggles.tripArrows} maxSpeed={120} />
      {replayTrip.length > 0 && (
        <ReplayLayer
          points={replay.controller.points}
          state={replay.state}
          follow={false}
          showPath={false}
        />
      )}
      <UnitsLayer
        units={live.units}
        selectedUid={selected}
        iconStyle={iconStyle}
        showTags={toggles.toggles.unitTags}
        onSelect={setSelected}
      />
      <MapToggles value={toggles.toggles} onToggle={toggles.set} />
      {replayTrip.length > 0 && (
        <ReplayControls
          controller={replay.controller}
          state={replay.state}
          style={{ position: 'absolute', left: 10, right: 60, bottom: 34, zIndex: 2 }}
        />
      )}
      {replayTrip.length > 0 && <SeekOnce controller={replay.controller} />}
    </MapView>
  );
}

/** Puts the demo replay marker part-way along the trip. */
function SeekOnce({ controller }: { controller: ReplayController }) {
  useEffect(() => controller.seekFraction(0.42), [controller]);
  return null;
}

function whenIdle(map: MapLibreMap): Promise<void> {
  return new Promise((resolve) => map.once('idle', () => resolve()));
}

function unitIconLayers(map: MapLibreMap): string[] {
  return (map.getStyle().layers ?? [])
    .map((l) => l.id)
    .filter((id) => id.startsWith('units-') && (id.endsWith('-icon') || id.endsWith('-clusters')));
}

function fleetSource(map: MapLibreMap): string | undefined {
  return Object.keys(map.getStyle().sources).find(
    (id) => id.startsWith('units-') && id.endsWith('-fleet'),
  );
}

/**
 * Resolves at the first rendered frame that shows the units (symbols placed, or cluster bubbles),
 * with the time of that frame; `idle` also waits for the end of the fade-in.
 */
function drawn(map: MapLibreMap, timeoutMs = 20000): Promise<{ frame: number; idle: number }> {
  return new Promise((resolve, reject) => {
    let frame = NaN;
    const timer = setTimeout(() => {
      map.off('render', onRender);
      reject(new Error('units never drawn'));
    }, timeoutMs);
    const onRender = () => {
      const source = fleetSource(map);
      if (!source || !map.isSourceLoaded(source)) return;
      if (map.queryRenderedFeatures({ layers: unitIconLayers(map) }).length === 0) return;
      frame = performance.now();
      map.off('render', onRender);
      map.once('idle', () => {
        clearTimeout(timer);
        resolve({ frame, idle: performance.now() });
      });
    };
    map.on('render', onRender);
  });
}

let feedTimer: ReturnType<typeof setInterval> | null = null;

const bench = {
  map: () => theMap,
  ready: async () => {
    await ready;
    await new Promise((r) => setTimeout(r, 50));
    if (!theMap!.loaded()) await whenIdle(theMap!);
  },
  /** Milliseconds from handing `n` units to the page until the frame that shows them, and until idle. */
  drawUnits: async (n: number, spread = 1.2, seed = 1) => {
    const map = theMap!;
    const units = makeUnits(n, spread, seed);
    const start = performance.now();
    const done = drawn(map);
    flushSync(() => controls!.setUnits(units));
    const { frame, idle } = await done;
    return { frameMs: frame - start, idleMs: idle - start };
  },
  /** Every unit reports once a second, in ten slices per second, through the live buffer. */
  startFeed: (n: number, spread = 1.2) => {
    const units = makeUnits(n, spread, 11);
    flushSync(() => controls!.setUnits(units));
    const current = new Map(units.map((u) => [u.uid, u]));
    const list = units.map((u) => u.uid);
    const r = seededRandom(99);
    const started = performance.now();
    let sent = 0;
    // Every 100 ms, send whatever is due so that each unit reports once a second on average,
    // even when a busy main thread delays the timer.
    feedTimer = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((performance.now() - started) / 1000) * list.length);
      const updates: UnitUpdate[] = [];
      for (; sent < due; sent++) {
        const unit = current.get(list[sent % list.length])!;
        const update = nextFix(unit, r, now);
        current.set(unit.uid, { ...unit, ...update } as UnitListItem);
        updates.push(update);
      }
      controls!.push(updates);
    }, 100);
    return () => sent;
  },
  stopFeed: () => {
    if (feedTimer) clearInterval(feedTimer);
    feedTimer = null;
  },
  /** Takes every unit off the map, for the empty-map ceiling on the same page. */
  clear: async () => {
    flushSync(() => controls!.setUnits([]));
    await whenIdle(theMap!);
  },
  /** Frames the map renders per second with continuous repainting, over `ms`. */
  fps: async (ms: number) => {
    const map = theMap!;
    let renders = 0;
    let longest = 0;
    let last = performance.now();
    const onRender = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      renders++;
    };
    map.on('render', onRender);
    map.repaint = true;
    const start = performance.now();
    await new Promise((r) => setTimeout(r, ms));
    const elapsed = performance.now() - start;
    map.repaint = false;
    map.off('render', onRender);
    return { fps: (renders * 1000) / elapsed, longestFrameMs: longest };
  },
  renderedUnits: () => {
    const map = theMap!;
    return map.queryRenderedFeatures({ layers: unitIconLayers(map) }).length;
  },
  demo: async (iconStyle: RealtimeIconStyle = 3) => {
    const map = theMap!;
    const units = makeDemoUnits();
    const done = drawn(map);
    flushSync(() => {
      controls!.setIconStyle(iconStyle);
      controls!.setUnits(units);
      controls!.setTrip(makeTrip());
      // The replay runs over another drive, out of Durban, so both can be seen.
      controls!.setReplayTrip(makeTrip(9, { lat: -29.9, lon: 30.95 }));
      controls!.setGeofences(makeGeofences());
      controls!.setSelected(
        units.find((u) => (u.position?.speed ?? 0) > 0 && u.connected)?.uid ?? null,
      );
    });
    await done;
  },
  /** Lays every vehicle class × state out on a sheet over the map, for a look at the sprites. */
  spriteSheet: () => {
    const states = ['moving', 'parked', 'offline'] as const;
    const sheet = document.createElement('canvas');
    // The sheet is drawn at pixel ratio 2 and shown at half size, whatever the sprites' own ratio.
    const cell = 128;
    sheet.width = cell * (VEHICLE_CLASSES.length + 1);
    sheet.height = cell * 7;
    const ctx = sheet.getContext('2d')!;
    ctx.fillStyle = '#f3efe6';
    ctx.fillRect(0, 0, sheet.width, sheet.height);
    const put = (name: string, col: number, row: number) => {
      const drawn = drawSpriteByName(name);
      if (!drawn) return;
      const tmp = document.createElement('canvas');
      tmp.width = drawn.image.width;
      tmp.height = drawn.image.height;
      tmp.getContext('2d')!.putImageData(drawn.image, 0, 0);
      const w = (tmp.width * 2) / drawn.pixelRatio;
      const h = (tmp.height * 2) / drawn.pixelRatio;
      ctx.drawImage(tmp, col * cell + (cell - w) / 2, row * cell + (cell - h) / 2, w, h);
    };
    ['default', ...VEHICLE_CLASSES].forEach((cls, col) => {
      states.forEach((state, row) => put(`unit:4:${cls}:1e88e5:${state}`, col, row));
      put(`unit:3:${cls}:e53935:moving`, col, 3);
    });
    [0, 1].forEach((style, i) =>
      states.forEach((state, j) => put(`unit:${style}:default:43a047:${state}`, i * 3 + j, 4)),
    );
    [1, 2, 3, 4].forEach((style, i) => put(`pointer:${style}:fb8c00`, i, 5));
    [0, 1, 2].forEach((i) => put(`unit:${i + 2}:sedan:fb8c00:moving`, i + 4, 5));
    [
      'trip-arrow',
      'trip-start',
      'trip-end',
      'trip-stop',
      'replay-marker',
      'town-dot',
      'capital-dot',
    ].forEach((name, i) => put(name, i, 6));
    sheet.style.cssText = `position:fixed;left:0;top:0;z-index:10;width:${sheet.width / 2}px`;
    document.body.appendChild(sheet);
  },
  view: async (lat: number, lon: number, zoom: number) => {
    const map = theMap!;
    map.jumpTo({ center: [lon, lat], zoom });
    await whenIdle(map);
    await new Promise((r) => setTimeout(r, 300));
    if (!map.loaded()) await whenIdle(map);
  },
};

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
