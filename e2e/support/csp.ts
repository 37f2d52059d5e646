// The Content Security Policy gate of the browser tests: the server sends its real policy, and any
// violation a page reports (a `securitypolicyviolation` event, or Chromium's "Refused to … because
// it violates the following Content Security Policy directive" console line) fails the test at its
// next navigation or when its context closes, naming the directive and what was blocked.
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    __reportCspViolation?: (v: Violation) => void;
  }
}

function describe(violations: string[]): string {
  const lines = [...new Set(violations)].map((v) => `  - ${v}`);
  return `Content Security Policy violations:\n${lines.join('\n')}`;
}

export async function watchContentSecurityPolicy(context: BrowserContext): Promise<void> {
  const violations: string[] = [];
  const check = () => {
    if (violations.length) throw new Error(describe(violations.splice(0)));
  };
  await context.exposeBinding('__reportCspViolation', (_source, v: Violation) => {
    violations.push(`${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source}`);
  });
  // Runs before the page's own scripts (and outside its CSP), in every frame.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation?.({
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile || location.href}:${e.lineNumber}`,
      });
    });
  });
  const onConsole = (msg: ConsoleMessage) => {
    const text = msg.text();
    if (/Content Security Policy/i.test(text)) violations.push(text.split('\n')[0]);
  };
  const watch = (page: Page) => {
    page.on('console', onConsole);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      check();
      return goto(...args);
    };
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    try {
      await close(...args);
    } finally {
      check();
    }
  };
}
