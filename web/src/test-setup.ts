// jsdom lacks what antd measures with; each test starts logged out with a fresh cookie jar.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy pages and antd's CSS-in-JS under jsdom take longer than the default 1 s to appear, more so when test files run in parallel.
configure({ asyncUtilTimeout: 10000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd reads computed styles for scrollbars; jsdom's version throws on pseudo-elements.
const computed = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computed(element);

// jsdom computes a style by matching every rule of every style sheet in the document, and antd's
// CSS-in-JS injects thousands of rules: Testing Library's role queries ask for the style of each
// element and of each of its ancestors, which made one form's test take 50 s. Nothing here lays
// anything out, so antd's style tags go to a node outside the document instead, and the rules
// by which antd hides what is closed (dropdowns, tab panes, submenus) are kept in one small sheet:
// a closed list still does not count as on screen.
const antdStyles = document.createElement('div');
const isAntdStyle = (node: Node) =>
  node instanceof HTMLStyleElement &&
  (node.hasAttribute('data-css-hash') || node.hasAttribute('data-rc-order'));
const append = Node.prototype.appendChild;
const insert = Node.prototype.insertBefore;
Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
  return append.call(this === document.head && isAntdStyle(node) ? antdStyles : this, node) as T;
};
Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, ref: Node | null): T {
  if (this === document.head && isAntdStyle(node)) return append.call(antdStyles, node) as T;
  return insert.call(this, node, ref) as T;
};
const remove = Node.prototype.removeChild;
Node.prototype.removeChild = function <T extends Node>(this: Node, node: T): T {
  return remove.call(
    this === document.head && node.parentNode === antdStyles ? antdStyles : this,
    node,
  ) as T;
};
const hidden = document.createElement('style');
hidden.textContent = `.ant-tabs-tabpane-hidden,
  .ant-select-dropdown-hidden, .ant-dropdown-hidden, .ant-picker-dropdown-hidden,
  .ant-tooltip-hidden, .ant-popover-hidden, .ant-menu-hidden, .ant-menu-submenu-hidden,
  .ant-cascader-dropdown-hidden, .ant-tabs-dropdown-hidden, .ant-mentions-dropdown-hidden
  { display: none; }`;
append.call(document.head, hidden);

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
