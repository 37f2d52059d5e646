// A context menu at the pointer: right-click, or a long press on a touch screen. A MapView
// child. Keyboard: the first item takes focus, arrow keys move, Escape closes (focus back to the
// map). It closes when the map moves, on a click elsewhere, and after an item is chosen.
import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { MapMouseEvent, MapTouchEvent } from 'maplibre-gl';
import { theme } from 'antd';
import { MapContext } from './MapContext';
import './MapContextMenu.css';

export interface MapContextMenuItem {
  label: string;
  onSelect(lngLat: { lat: number; lng: number }): void;
}

export interface MapContextMenuProps {
  items: readonly MapContextMenuItem[];
  /** How long a finger must rest to open the menu (default 600 ms). */
  longPressMs?: number;
}

interface Opened {
  x: number;
  y: number;
  lat: number;
  lng: number;
}

const MENU_WIDTH = 200;
/** A finger that moves further than this (px) is panning, not pressing. */
const PRESS_SLOP = 10;

export function MapContextMenu({ items, longPressMs = 600 }: MapContextMenuProps) {
  // Tolerates a missing map (a page's tests stand a plain element in for MapView): no menu then.
  const map = useContext(MapContext);
  const [open, setOpen] = useState<Opened | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const enabled = items.length > 0;

  useEffect(() => {
    if (!enabled || !map) return;
    const at = (e: MapMouseEvent | MapTouchEvent) =>
      setOpen({ x: e.point.x, y: e.point.y, lat: e.lngLat.lat, lng: e.lngLat.lng });
    const onContextMenu = (e: MapMouseEvent) => {
      e.preventDefault();
      e.originalEvent.preventDefault();
      at(e);
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    let start: { x: number; y: number } | null = null;
    const cancel = () => {
      clearTimeout(timer);
      timer = undefined;
      start = null;
    };
    const onTouchStart = (e: MapTouchEvent) => {
      cancel();
      if (e.originalEvent.touches.length !== 1) return;
      start = { x: e.point.x, y: e.point.y };
      timer = setTimeout(() => {
        timer = undefined;
        at(e);
      }, longPressMs);
    };
    const onTouchMove = (e: MapTouchEvent) => {
      if (start && Math.hypot(e.point.x - start.x, e.point.y - start.y) > PRESS_SLOP) cancel();
    };
    const close = () => setOpen(null);
    map.on('contextmenu', onContextMenu);
    map.on('touchstart', onTouchStart);
    map.on('touchmove', onTouchMove);
    map.on('touchend', cancel);
    map.on('touchcancel', cancel);
    map.on('movestart', close);
    map.on('click', close);
    return () => {
      cancel();
      map.off('contextmenu', onContextMenu);
      map.off('touchstart', onTouchStart);
      map.off('touchmove', onTouchMove);
      map.off('touchend', cancel);
      map.off('touchcancel', cancel);
      map.off('movestart', close);
      map.off('click', close);
    };
  }, [map, enabled, longPressMs]);

  // Focus the first item on opening; close on a press outside the menu.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    const outside = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  if (!open || !enabled || !map) return null;

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) map.getCanvas().focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(
      menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [],
    );
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => buttons[(to + buttons.length) % buttons.length]?.focus();
    if (e.key === 'Escape') close(true);
    else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(buttons.length - 1);
    else if (e.key === 'Tab') close(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  const container = map.getContainer();
  const width = container.clientWidth || MENU_WIDTH;
  const height = container.clientHeight || 200;
  const menuHeight = items.length * 40 + 8;
  const left = Math.max(4, Math.min(open.x, width - MENU_WIDTH - 4));
  const top = Math.max(4, Math.min(open.y, height - menuHeight - 4));

  return (
    <div
      ref={menuRef}
      role="menu"
      aria-label={`Map at ${open.lat.toFixed(5)}, ${open.lng.toFixed(5)}`}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => e.preventDefault()}
      style={{
        position: 'absolute',
        left,
        top,
        zIndex: 5,
        width: MENU_WIDTH,
        maxWidth: 'calc(100% - 8px)',
        padding: 4,
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
      }}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          className="map-context-menu-item"
          onClick={() => {
            close(false);
            item.onSelect({ lat: open.lat, lng: open.lng });
          }}
          style={{
            display: 'block',
            width: '100%',
            minHeight: 40,
            padding: '8px 12px',
            border: 'none',
            borderRadius: token.borderRadius,
            background: 'transparent',
            color: token.colorText,
            font: 'inherit',
            textAlign: 'left',
            cursor: 'pointer',
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
