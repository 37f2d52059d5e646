import { useCallback, useRef, useState } from 'react';
import type { DropdownProps } from 'antd';

/**
 * A top-bar dropdown opened by a button, by click or by keyboard: Enter opens it with the focus in
 * the menu, and when it closes the focus goes back to the button if it would otherwise be lost with
 * the menu (WCAG 2.4.3; antd leaves it on the page's body after Escape). Spread `dropdownProps` on
 * the Dropdown and `triggerProps` on its button.
 *
 * The menu lives inside the sticky top bar rather than the page's body, so scrolling the page (a
 * wheel, or the browser bringing an item into view) never moves it away from its button: a menu
 * placed in the document's coordinates slid up with the page until it was aligned again, and a
 * click during that moment hit the page instead of the item.
 */
export function useTopBarDropdown() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next);
    if (next) return;
    // The menu hides after this call: look where the focus landed once it has.
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('.ant-dropdown'))
        triggerRef.current?.focus();
    });
  }, []);
  const dropdownProps: Partial<DropdownProps> = {
    trigger: ['click'],
    placement: 'bottomRight',
    open,
    onOpenChange,
    autoFocus: true,
    getPopupContainer: (trigger) => trigger.closest<HTMLElement>('.portal-header') ?? document.body,
  };
  const triggerProps = {
    ref: triggerRef,
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
  };
  return { dropdownProps, triggerProps };
}
