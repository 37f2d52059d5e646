// A windowed list of fixed-height rows (STYLE.md: long lists virtualized): only the rows in view,
// plus a few either side, are in the DOM, so a fleet of thousands scrolls like one of forty.
// The list is one Tab stop (the ARIA listbox pattern): arrows, Home and End move between rows.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

const OVERSCAN = 6;

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  rowKey: (item: T) => string | number;
  /** `tabbable`: this row is the list's one Tab stop (tabIndex 0; the others -1). */
  renderRow: (item: T, index: number, tabbable: boolean) => ReactNode;
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
  // The row the keyboard is on; it follows a new selection.
  const [cursor, setCursor] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (scrollToIndex !== null && scrollToIndex !== undefined && scrollToIndex >= 0)
      setCursor(scrollToIndex);
  }, [scrollToIndex]);
  const tabStop = Math.min(cursor, Math.max(0, items.length - 1));

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

  const bringIntoView = (index: number) => {
    const element = ref.current;
    if (!element) return;
    const top = index * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
    setScrollTop(element.scrollTop);
  };

  // Focus moves once the row is rendered, which a scroll may only just have done.
  useEffect(() => {
    if (!focusRequest) return;
    ref.current?.querySelector<HTMLElement>(`[data-index="${tabStop}"] [tabindex]`)?.focus();
  }, [focusRequest, tabStop]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: tabStop + 1,
      ArrowUp: tabStop - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: tabStop + Math.max(1, Math.floor(height / rowHeight) - 1),
      PageUp: tabStop - Math.max(1, Math.floor(height / rowHeight) - 1),
    };
    if (!(event.key in moves) || !items.length) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(items.length - 1, moves[event.key]));
    setCursor(next);
    bringIntoView(next);
    setFocusRequest((n) => n + 1);
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);

  return (
    <div
      ref={ref}
      className={className}
      role="listbox"
      aria-label={label}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      onKeyDown={onKeyDown}
      style={{ overflowY: 'auto', position: 'relative' }}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>
        {items.slice(first, last).map((item, i) => (
          <div
            key={rowKey(item)}
            data-index={first + i}
            style={{
              position: 'absolute',
              top: (first + i) * rowHeight,
              left: 0,
              right: 0,
              height: rowHeight,
            }}
          >
            {renderRow(item, first + i, first + i === tabStop)}
          </div>
        ))}
      </div>
    </div>
  );
}
