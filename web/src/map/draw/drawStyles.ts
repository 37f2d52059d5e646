// Colours of the drawing modes: the shape in the caller's colour, vertices white with a dark
// outline so they show on any basemap (and meet non-text contrast against the fill).
import type { HexColor } from 'terra-draw';

const WHITE: HexColor = '#ffffff';
const INK: HexColor = '#1f1f1f';

const hex = (colour: string): HexColor =>
  (/^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#1565c0') as HexColor;

export function drawStyles(colour: string) {
  const c = hex(colour);
  const vertex = {
    closingPointColor: WHITE,
    closingPointWidth: 6,
    closingPointOutlineColor: INK,
    closingPointOutlineWidth: 2,
    coordinatePointColor: WHITE,
    coordinatePointWidth: 5,
    coordinatePointOutlineColor: INK,
    coordinatePointOutlineWidth: 2,
  };
  return {
    polygon: {
      fillColor: c,
      fillOpacity: 0.2,
      outlineColor: c,
      outlineWidth: 3,
      ...vertex,
    },
    circle: { fillColor: c, fillOpacity: 0.2, outlineColor: c, outlineWidth: 3 },
    linestring: {
      lineStringColor: c,
      lineStringWidth: 4,
      closingPointColor: WHITE,
      closingPointWidth: 6,
      closingPointOutlineColor: INK,
      closingPointOutlineWidth: 2,
      coordinatePointColor: WHITE,
      coordinatePointWidth: 5,
      coordinatePointOutlineColor: INK,
      coordinatePointOutlineWidth: 2,
    },
    point: { pointColor: c, pointWidth: 7, pointOutlineColor: WHITE, pointOutlineWidth: 2 },
  };
}

export function selectStyles(colour: string) {
  const c = hex(colour);
  return {
    selectedPolygonColor: c,
    selectedPolygonFillOpacity: 0.3,
    selectedPolygonOutlineColor: c,
    selectedPolygonOutlineWidth: 3,
    selectedLineStringColor: c,
    selectedLineStringWidth: 5,
    selectedPointColor: c,
    selectedPointWidth: 8,
    selectedPointOutlineColor: WHITE,
    selectedPointOutlineWidth: 2,
    selectionPointColor: WHITE,
    selectionPointWidth: 6,
    selectionPointOutlineColor: INK,
    selectionPointOutlineWidth: 2,
    midPointColor: c,
    midPointWidth: 4,
    midPointOutlineColor: WHITE,
    midPointOutlineWidth: 2,
  };
}
