import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useChosenInView } from './useChosenInView';

function List({ chosen }: { chosen: number | null }) {
  const scroller = useChosenInView(chosen === null ? null : `entry_${chosen}`);
  return (
    <div ref={scroller}>
      {[1, 2, 3].map((n) => (
        <p key={n} id={`entry_${n}`}>
          Entry {n}
        </p>
      ))}
    </div>
  );
}

afterEach(() => {
  // jsdom has no scrollIntoView of its own.
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
});

describe('the chosen entry of a list', () => {
  it('is scrolled into sight when chosen elsewhere (on the map), and nothing moves before', () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    const view = render(<List chosen={null} />);
    expect(scrolled).toEqual([]);
    view.rerender(<List chosen={3} />);
    expect(scrolled).toEqual(['entry_3']);
    view.rerender(<List chosen={1} />);
    expect(scrolled).toEqual(['entry_3', 'entry_1']);
  });
});
