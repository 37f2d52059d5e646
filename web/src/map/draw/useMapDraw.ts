// Drawing and editing shapes on a MapView's map with terra-draw (MapLibre adapter). Used inside a
// MapView child (useMap() gives the map). See README.md "Drawing".
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMap } from '../MapContext';
import {
  DRAW_COORDINATE_PRECISION,
  shapeModeOf,
  type DrawFeature,
  type DrawShapeMode,
} from './drawFeatures';
import { drawStyles, selectStyles } from './drawStyles';

export type DrawMode = DrawShapeMode | 'select' | 'static';

export interface MapDrawOptions {
  /** The shapes the user may draw, in toolbar order. */
  modes: readonly DrawShapeMode[];
  /**
   * Called with every finished shape (never one being drawn) whenever they change: a shape
   * finished, dragged, a vertex moved, added or deleted, load(), remove(), clear(). Throttled to
   * one call per animation frame.
   */
  onChange?(features: DrawFeature[]): void;
  /**
   * One shape at a time: finishing a new shape removes the others, then switches to select mode
   * with the new shape selected so it can be edited at once.
   */
  single?: boolean;
  /** Stroke and fill colour of the shapes (default #1565c0). */
  colour?: string;
  /** The mode to start in (default 'static': shapes shown, nothing editable). */
  initialMode?: DrawMode;
}

export interface MapDrawApi {
  /** false until terra-draw has started on the map; the calls below are no-ops until then */
  ready: boolean;
  mode: DrawMode;
  /** a shape mode to draw, 'select' to edit (drag shapes and vertices), 'static' to view */
  setMode(mode: DrawMode): void;
  /** the finished shapes */
  features: DrawFeature[];
  /** replaces every shape; features without an id get one; returns the ids */
  load(features: DrawFeature[]): (string | number)[];
  clear(): void;
  remove(id: string | number): void;
  /** selects a shape for editing (switches to select mode) */
  select(id: string | number): void;
}

/** Finished shapes of our modes, without guidance points and shapes still being drawn. */
function finishedFeatures(features: GeoJSONStoreFeatures[]): DrawFeature[] {
  return (features as unknown as DrawFeature[]).filter(
    (f) => shapeModeOf(f) !== null && !f.properties?.currentlyDrawing,
  );
}

function buildModes(modes: readonly DrawShapeMode[], colour: string) {
  const styles = drawStyles(colour);
  const editable = {
    feature: {
      draggable: true,
      coordinates: { draggable: true, midpoints: true, deletable: true },
    },
  };
  const list = [];
  const flags: Record<string, object> = {};
  for (const mode of modes) {
    if (mode === 'polygon') {
      list.push(
        new TerraDrawPolygonMode({
          styles: styles.polygon,
          validation: (feature) => ValidateNotSelfIntersecting(feature),
        }),
      );
      flags.polygon = {
        feature: {
          ...editable.feature,
          validation: (feature: GeoJSONStoreFeatures) => ValidateNotSelfIntersecting(feature),
        },
      };
    } else if (mode === 'circle') {
      list.push(new TerraDrawCircleMode({ styles: styles.circle, projection: 'globe' }));
      // Dragged whole (its centre moves); the radius comes from drawing it or from the page's form:
      // 64 resize handles round a small circle hide it.
      flags.circle = { feature: { draggable: true } };
    } else if (mode === 'linestring') {
      list.push(new TerraDrawLineStringMode({ styles: styles.linestring }));
      flags.linestring = editable;
    } else {
      list.push(new TerraDrawPointMode({ styles: styles.point }));
      flags.point = { feature: { draggable: true } };
    }
  }
  list.push(new TerraDrawSelectMode({ flags, styles: selectStyles(colour) }));
  return list;
}

export function useMapDraw(options: MapDrawOptions): MapDrawApi {
  const map = useMap();
  const prefix = `draw${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const [mode, setModeState] = useState<DrawMode>(options.initialMode ?? 'static');
  const [features, setFeatures] = useState<DrawFeature[]>([]);
  const latest = useRef(options);
  latest.current = options;
  const modesKey = options.modes.join(',');
  const colour = options.colour ?? '#1565c0';
  const colourRef = useRef(colour);

  useEffect(() => {
    const instance = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({
        map,
        prefixId: prefix,
        coordinatePrecision: DRAW_COORDINATE_PRECISION,
      }),
      modes: buildModes(modesKey.split(',') as DrawShapeMode[], colourRef.current),
    });
    let frame = 0;
    let last = '';
    const publish = () => {
      frame = 0;
      const next = finishedFeatures(instance.getSnapshot());
      const key = JSON.stringify(next);
      if (key === last) return;
      last = key;
      setFeatures(next);
      latest.current.onChange?.(next);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(publish);
    };
    instance.on('change', schedule);
    instance.on('finish', (id, context) => {
      schedule();
      if (!latest.current.single || context.mode === 'select') return;
      const others = finishedFeatures(instance.getSnapshot())
        .map((f) => f.id as string | number)
        .filter((other) => other !== id);
      if (others.length) instance.removeFeatures(others);
      // Leave the draw mode after its own event handling has finished.
      setTimeout(() => {
        if (!instance.enabled || !instance.hasFeature(id)) return;
        instance.setMode('select');
        instance.selectFeature(id);
        setModeState('select');
      }, 0);
    });
    instance.start();
    instance.setMode(latest.current.initialMode ?? 'static');
    setDraw(instance);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      setDraw(null);
      // The map may already be gone (MapView unmounts it first): nothing left to clean then.
      try {
        instance.stop();
      } catch {
        /* map removed */
      }
    };
  }, [map, prefix, modesKey]);

  // A new colour restyles the modes in place (rebuilding would drop the shapes).
  useEffect(() => {
    if (!draw || colourRef.current === colour) return;
    colourRef.current = colour;
    const styles = drawStyles(colour);
    const restyle = draw.updateModeOptions as (mode: string, options: object) => void;
    for (const mode of modesKey.split(',') as DrawShapeMode[])
      restyle.call(draw, mode, { styles: styles[mode] });
    restyle.call(draw, 'select', { styles: selectStyles(colour) });
  }, [draw, colour, modesKey]);

  const setMode = useCallback(
    (next: DrawMode) => {
      if (!draw) return;
      draw.setMode(next);
      setModeState(next);
    },
    [draw],
  );

  const load = useCallback(
    (next: DrawFeature[]) => {
      if (!draw) return [];
      draw.clear();
      const withIds = next.map((f) => ({ ...f, id: f.id ?? draw.getFeatureId() }));
      const results = draw.addFeatures(withIds as unknown as GeoJSONStoreFeatures[]);
      const refused = results.filter((r) => !r.valid);
      if (refused.length) console.warn('Drawing refused shapes', JSON.stringify(refused));
      return results.filter((r) => r.valid).map((r) => r.id as string | number);
    },
    [draw],
  );

  const clear = useCallback(() => draw?.clear(), [draw]);
  const remove = useCallback(
    (id: string | number) => {
      if (draw?.hasFeature(id)) draw.removeFeatures([id]);
    },
    [draw],
  );
  const select = useCallback(
    (id: string | number) => {
      if (!draw?.hasFeature(id)) return;
      draw.selectFeature(id);
      setModeState('select');
    },
    [draw],
  );

  return useMemo(
    () => ({ ready: draw !== null, mode, setMode, features, load, clear, remove, select }),
    [draw, mode, setMode, features, load, clear, remove, select],
  );
}
