// The accessibility gate of the browser tests (docs/accessibility.md): axe-core's WCAG 2.2 A and
// AA rules run in the page, and any serious or critical finding fails the test, naming the rule and
// the element. Every context made by localContext is watched (watchAccessibility), so a page is
// checked the moment a test opens it, without the test asking.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from './server';

/** The rule sets of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = ['serious', 'critical'];
/**
 * Best-practice rules beyond those tags that the portal holds to as well (issue 21: one main
 * landmark and headings in order on every page, tables with headers); these block at any impact.
 */
export const STRUCTURE_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'page-has-heading-one',
  'heading-order',
  'empty-table-header',
];

// Read once per test file: the source is ~600 kB.
const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** The element, as a CSS selector. */
  target: string;
  /** What axe measured, e.g. the two colours and their contrast. */
  detail: string;
}

export interface Audit {
  /** What was checked: screen, width and who looked, e.g. '/portal/trip at 390 px as demo'. */
  label: string;
  hash: string;
  width: number;
  user: string;
  /** What blocks: serious and critical findings, and any of STRUCTURE_RULES; one per element. */
  findings: Finding[];
  /** How long the check took, settling included. */
  ms: number;
}

/** Every audit, one JSON line each, in a file per test file (for per-page counts). */
const AUDIT_DIR = path.join(REPO_ROOT, 'test-results/axe');
let auditLog: string | null = null;

function logAudit(audit: Audit) {
  if (!auditLog) {
    const testFile = path.basename(expect.getState().testPath ?? 'script', '.ts');
    auditLog = path.join(AUDIT_DIR, `${testFile}.jsonl`);
    fs.mkdirSync(AUDIT_DIR, { recursive: true });
    fs.writeFileSync(auditLog, '');
  }
  fs.appendFileSync(auditLog, JSON.stringify(audit) + '\n');
}

const usersByContext = new WeakMap<BrowserContext, string>();
/** Screens already checked in this run: see screenKey. */
const checked = new Set<string>();
/** axe refuses a second run on a page while one is going: audits of a page take turns. */
const queues = new WeakMap<Page, Promise<unknown>>();

/** Tells the gate who is logged in in `context`, for its messages. */
export function noteUser(context: BrowserContext, username: string) {
  usersByContext.set(context, username);
}

/** Waits (a little) until the page has stopped changing, then runs axe; returns what blocks. */
async function runAxe(page: Page): Promise<Finding[]> {
  await page.evaluate(async () => {
    const until = Date.now() + 5000;
    // Spinners and skeletons mean the page is still coming.
    while (
      document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [aria-busy="true"]') &&
      Date.now() < until
    )
      await new Promise((r) => setTimeout(r, 100));
    // Fading menus and dialogs are half transparent: contrast measured mid-fade is wrong. A
    // transition begins a frame after the change that starts it.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity && a.playState === 'running');
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 2000)),
    ]);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, blocking, structure }) => {
      const axe = (window as any).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: Object.fromEntries(structure.map((rule) => [rule, { enabled: true }])),
        resultTypes: ['violations'],
      });
      return result.violations.flatMap((v: any) =>
        v.nodes
          .filter((n: any) => structure.includes(v.id) || blocking.includes(n.impact ?? v.impact))
          .map((n: any) => ({
            rule: v.id,
            impact: n.impact ?? v.impact,
            help: v.help,
            target: n.target.join(' '),
            detail: (n.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
          })),
      );
    },
    { tags: AXE_TAGS, blocking: BLOCKING_IMPACTS, structure: STRUCTURE_RULES },
  );
}

/**
 * A screen is its route, its width, its user and the dialogs, menus and panels open on it: the
 * same screen reached again in the same run is not checked twice.
 */
function screenKey(page: Page, user: string): Promise<string> {
  return page.evaluate((who) => {
    const open = Array.from(
      document.querySelectorAll(
        '[role="dialog"], [role="alertdialog"], [role="menu"], [role="region"][aria-label], .ant-popover, .ant-dropdown, .ant-drawer-open',
      ),
    )
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => el.getAttribute('aria-label') ?? el.className.toString().split(' ')[0]);
    return [who, innerWidth, location.href, ...open.sort()].join('|');
  }, user);
}

function describeFindings(audit: Audit): string {
  return [
    `axe-core: ${audit.findings.length} serious or critical finding(s) on ${audit.label}:`,
    ...audit.findings.map(
      (f) => `  ${f.rule} (${f.impact}): ${f.target} — ${f.help}\n      ${f.detail}`,
    ),
  ].join('\n');
}

/** How long a finding must last to count: see auditPage. */
const SECOND_LOOK_MS = 500;

/**
 * Runs axe on the page as it is and returns the audit (nothing thrown, nothing skipped). A finding
 * counts only if a second run a moment later finds it again: a menu caught mid-transition (antd
 * steps its motions through classes, with instants where nothing is animating) is not a defect,
 * and a real one stays put.
 */
export async function auditPage(page: Page, label?: string): Promise<Audit> {
  const hash = new URL(page.url()).hash.replace(/^#/, '') || '/';
  const width = page.viewportSize()?.width ?? 0;
  const user = usersByContext.get(page.context()) ?? 'visitor';
  const started = Date.now();
  let findings = await runAxe(page);
  if (findings.length) {
    await page.waitForTimeout(SECOND_LOOK_MS);
    const again = new Set((await runAxe(page)).map((f) => `${f.rule} ${f.target}`));
    findings = findings.filter((f) => again.has(`${f.rule} ${f.target}`));
  }
  const audit = {
    label: `${label ?? hash} at ${width} px as ${user}`,
    hash,
    width,
    user,
    findings,
    ms: Date.now() - started,
  };
  logAudit(audit);
  return audit;
}

/**
 * Fails with every blocking finding on the page as it is now (serious or critical, or any of
 * STRUCTURE_RULES), each as `rule (impact): selector — help`. A screen already checked in this run
 * passes at once.
 */
export function expectAccessible(page: Page, label?: string): Promise<void> {
  const turn = (queues.get(page) ?? Promise.resolve()).then(async () => {
    if (page.isClosed() || !/^https?:/.test(page.url())) return;
    const key = await screenKey(page, usersByContext.get(page.context()) ?? 'visitor');
    if (checked.has(key)) return;
    checked.add(key);
    const audit = await auditPage(page, label);
    if (audit.findings.length) throw new Error(describeFindings(audit));
  });
  queues.set(
    page,
    turn.catch(() => undefined),
  );
  return turn;
}

/**
 * Checks each page of `context` whenever a test leaves a screen: before every page.goto, before a
 * page closes and before the context closes. The screen being left is the one the test waited
 * for, so it is settled; a failure names the screen and fails the test there.
 */
export function watchAccessibility(context: BrowserContext): void {
  const watch = (page: Page) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      await expectAccessible(page);
      return goto(...args);
    };
    const closePage = page.close.bind(page);
    page.close = async (...args: Parameters<Page['close']>) => {
      await expectAccessible(page);
      return closePage(...args);
    };
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  const closeContext = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext['close']>) => {
    const audits = await Promise.allSettled(context.pages().map((p) => expectAccessible(p)));
    await closeContext(...args);
    const failed = audits.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message).join('\n'));
  };
}
