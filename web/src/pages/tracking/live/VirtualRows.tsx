// A windowed list of fixed-height rows (STYLE.md: long lists virtualized): only the rows in view,
// plus a few either side, are in the DOM, so a fleet of thousands scrolls like one of forty.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

const OVERSCAN = 6;

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  rowKey: (item: T) => string | number;
  renderRow: (item: T, index: number) => ReactNode;
  /** Scrolls this row into view when it changes (e.g. a unit picked on the map). */
  scrollToIndex?: number | null;
  className?: string;
  'aria-label'?: string;
}

export function VirtualRows<T>({
  items,
  rowHeight,
  rowKey,
  renderRow,
  scrollToIndex,
  className,
  'aria-label': label,
}: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight || 600);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element || scrollToIndex === null || scrollToIndex === undefined || scrollToIndex < 0)
      return;
    const top = scrollToIndex * rowHeight;
    if (top < element.scrollTop || top + rowHeight > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - element.clientHeight / 2 + rowHeight / 2);
    }
  }, [scrollToIndex, rowHeight]);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);

  return (
    <div
      ref={ref}
      className={className}
      role="listbox"
      aria-label={label}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      style={{ overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            key={rowKey(item)}
            style={{
              position: 'absolute',
              top: (first + i) * rowHeight,
              left: 0,
              right: 0,
              height: rowHeight,
            }}
          >
            {renderRow(item, first + i)}
          </div>
        ))}
      </div>
    </div>
  );
}
