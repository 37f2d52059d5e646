// The page tests of drivers, contacts, mobile units and unit issues render one page without the
// shell, with the vehicles pages' helper (vehicles/testing/renderPage.tsx); one renderApp test
// proves the drivers route. Page tests here wait longer than test-setup.ts's 10 s: antd's
// CSS-in-JS under jsdom is slow, and slower still when the machine runs other suites beside it.
import { createElement, type ComponentType } from 'react';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import type { UserInfo } from '@fleet/common';
import { renderPage as renderOne } from '../../vehicles/testing/renderPage';
import { wideScreenMedia } from '../../vehicles/testing/vehicleFixtures';

configure({ asyncUtilTimeout: 30_000 });
/** For describe(): a page test takes several renders of a whole table or form. */
export const PAGE_TEST = { timeout: 180_000 };

export interface TestRoute {
  /** the route's pattern, e.g. /portal/drivers/edit_driver/:id */
  path: string;
  title: string;
  Component: ComponentType;
}

/** `route`'s page opened at `path`; any other path shows a stand-in. */
export function renderPage(path: string, route: TestRoute, user: UserInfo) {
  return renderOne(createElement(route.Component), {
    path,
    route: route.path,
    title: route.title,
    user,
  });
}

/** A wide screen: every responsive column shows and the pages lay out for a desktop. */
export function wideScreen() {
  vi.stubGlobal('matchMedia', wideScreenMedia);
}

/** The open dropdown of the antd select labelled `label`. */
export async function openSelect(label: string): Promise<HTMLElement> {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(box);
  const listId = box.getAttribute('aria-controls') ?? `${box.id}_list`;
  return waitFor(() => {
    const dropdown = document.getElementById(listId)?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown) throw new Error(`The ${label} list did not open`);
    return dropdown;
  });
}
