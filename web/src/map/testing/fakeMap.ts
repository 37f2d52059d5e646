import type { Map as MapLibreMap } from 'maplibre-gl';

// A stand-in for a MapLibre map in jsdom (no WebGL): it keeps sources and layers in order and
// refuses what MapLibre refuses, so layer components can be tested for what they leave on the map.

type Handler = (event: any) => void;

export class FakeSource {
  data: unknown;
  cluster: boolean;
  readonly setDataCalls: unknown[] = [];
  constructor(readonly spec: Record<string, any>) {
    this.data = spec.data;
    this.cluster = Boolean(spec.cluster);
  }
  setData(data: unknown) {
    this.data = data;
    this.setDataCalls.push(data);
    return this;
  }
  setClusterOptions(options: { cluster?: boolean }) {
    this.cluster = Boolean(options.cluster);
    return this;
  }
  getClusterExpansionZoom() {
    return Promise.resolve(9);
  }
}

export class FakeMap {
  readonly sources = new Map<string, FakeSource>();
  readonly layers: Record<string, any>[] = [];
  readonly imagesAsked: string[] = [];
  readonly handlers: { type: string; layer?: string; fn: Handler }[] = [];
  readonly canvas = { style: { cursor: '' }, clientWidth: 800, clientHeight: 600 };
  readonly eased: unknown[] = [];
  readonly fitted: unknown[] = [];
  style = {};
  _removed = false;

  addSource(id: string, spec: Record<string, any>) {
    if (this.sources.has(id)) throw new Error(`There is already a source with ID "${id}"`);
    this.sources.set(id, new FakeSource(spec));
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  removeSource(id: string) {
    if (this.layers.some((l) => l.source === id)) throw new Error(`Source "${id}" is in use`);
    this.sources.delete(id);
  }
  addLayer(spec: Record<string, any>, before?: string) {
    if (this.getLayer(spec.id)) throw new Error(`Layer "${spec.id}" already exists`);
    if (spec.source && !this.sources.has(spec.source))
      throw new Error(`Source "${spec.source}" not found`);
    const at = before ? this.layers.findIndex((l) => l.id === before) : -1;
    if (at >= 0) this.layers.splice(at, 0, { ...spec });
    else this.layers.push({ ...spec });
  }
  getLayer(id: string) {
    return this.layers.find((l) => l.id === id);
  }
  removeLayer(id: string) {
    const at = this.layers.findIndex((l) => l.id === id);
    if (at < 0) throw new Error(`Layer "${id}" does not exist`);
    this.layers.splice(at, 1);
  }
  setLayoutProperty(id: string, name: string, value: unknown) {
    const layer = this.getLayer(id);
    if (!layer) throw new Error(`Layer "${id}" does not exist`);
    layer.layout = { ...layer.layout, [name]: value };
  }
  setPaintProperty(id: string, name: string, value: unknown) {
    const layer = this.getLayer(id);
    if (!layer) throw new Error(`Layer "${id}" does not exist`);
    layer.paint = { ...layer.paint, [name]: value };
  }
  getStyle() {
    return { layers: this.layers, sources: Object.fromEntries(this.sources) };
  }
  /** Claims to have every image, recording the names asked for. */
  hasImage(id: string) {
    this.imagesAsked.push(id);
    return true;
  }
  addImage() {}
  on(type: string, layerOrFn: string | Handler, fn?: Handler) {
    if (typeof layerOrFn === 'function') this.handlers.push({ type, fn: layerOrFn });
    else this.handlers.push({ type, layer: layerOrFn, fn: fn! });
    return this;
  }
  off(type: string, layerOrFn: string | Handler, fn?: Handler) {
    const layer = typeof layerOrFn === 'string' ? layerOrFn : undefined;
    const handler = typeof layerOrFn === 'function' ? layerOrFn : fn;
    const at = this.handlers.findIndex(
      (h) => h.type === type && h.layer === layer && h.fn === handler,
    );
    if (at >= 0) this.handlers.splice(at, 1);
    return this;
  }
  /** Delivers an event as MapLibre would to the handlers of `type` (and of `layer`, if given). */
  fire(type: string, event: Record<string, unknown> = {}, layer?: string) {
    for (const h of [...this.handlers]) if (h.type === type && h.layer === layer) h.fn(event);
  }
  getCanvas() {
    return this.canvas;
  }
  easeTo(options: unknown) {
    this.eased.push(options);
  }
  fitBounds(bounds: unknown, options: unknown) {
    this.fitted.push({ bounds, options });
  }
  project([lng, lat]: [number, number]) {
    return { x: 400 + lng, y: 300 - lat };
  }
  isMoving() {
    return false;
  }
  layerIds(): string[] {
    return this.layers.map((l) => l.id);
  }
  asMap(): MapLibreMap {
    return this as unknown as MapLibreMap;
  }
}
