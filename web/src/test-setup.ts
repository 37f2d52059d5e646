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
const computed = window.getComputedStyle;
window.getComputedStyle = (element: Element) => computed(element);

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  });
  localStorage.clear();
  sessionStorage.clear();
});
