// tag/index and tag/add, tag/edit/{id} against a fake of the label tasks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES } from '@fleet/common';
import { userOf } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { renderPage } from '../vehicles/testing/renderPage';
import { FIRST_RENDER, fleetApi, pick, wideScreenMedia } from '../vehicles/testing/vehicleFixtures';
import TagPage from './TagPage';

// antd forms and tables under jsdom take tens of seconds on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000 });

beforeEach(() => vi.stubGlobal('matchMedia', wideScreenMedia));
afterEach(() => vi.unstubAllGlobals());

const TOWING =
  "You are applying a label to Delta that is being used by a (Towing) rule. Please be aware that Delta does not support this rule type and therefore won't trigger this rule.";

function renderTag(path: string, more = {}, user = userOf('full')) {
  const api = fleetApi([], more);
  const view = renderPage(<TagPage />, {
    path,
    route: path.includes('edit') ? '/portal/tag/edit/:id' : '/portal/tag/add',
    title: path.includes('edit') ? 'Edit Label' : 'Add Label',
    user,
  });
  return { api, view };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('Labels list', () => {
  it('shows each label with its colour, vehicles and Global mark, in the server’s order', async () => {
    fleetApi([]);
    renderApp('/portal/tag/index', { user: userOf('full') });
    const trucks = (await screen.findByRole('link', { name: 'Trucks' }, FIRST_RENDER)).closest(
      'tr',
    ) as HTMLElement;
    expect(within(trucks).getByText('2 vehicles')).toBeTruthy();
    expect(within(trucks).queryByText('Global')).toBeNull();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual([
      'Trucks',
      'Cold chain',
      'InsuredGlobal',
    ]);
    // Only support staff delete a global label.
    expect(screen.getByRole('button', { name: 'Delete Trucks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Insured' })).toBeNull();
  });
});

describe('Label page', () => {
  it('adds a label with its colour and vehicles, without asking about rules', async () => {
    const { api, view } = renderTag('/portal/tag/add');
    const name = await screen.findByLabelText('Name', {}, FIRST_RENDER);
    fireEvent.change(name, { target: { value: 'Night shift' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Purple' }));
    await pick('Vehicles', 'Delta (REG 4)');
    expect(screen.queryByRole('switch', { name: 'Global' })).toBeNull();
    save();
    await waitFor(() => expect(api.requestsOf('set_tag')).toHaveLength(1));
    const sent = api.requestsOf('set_tag')[0].parameters;
    expect(sent).toMatchObject({ name: 'Night shift', uids: [4] });
    expect(sent.colour).toMatch(/^#[0-9a-f]{6}$/);
    expect(sent).not.toHaveProperty('is_global');
    expect(api.requestsOf('get_warnings')).toHaveLength(0);
    await waitFor(() => expect(view.location()).toBe('/portal/tag/index'));
  });

  it('asks about the rules for the vehicles it adds before saving', async () => {
    const { api } = renderTag('/portal/tag/edit/7', {
      get_warnings: () => ({
        data: {
          warnings: [
            {
              uid: 4,
              unit_name: 'Delta',
              rid: 5,
              rule_name: 'Tow',
              type: 'towing',
              message: TOWING,
            },
          ],
        },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Edit Trucks' }, FIRST_RENDER);
    await pick('Vehicles', 'Delta (REG 4)');
    save();
    expect(await screen.findByText(TOWING)).toBeTruthy();
    expect(api.requestsOf('get_warnings').map((r) => r.parameters)).toEqual([
      { tgid: 7, uids: [4] },
    ]);
    expect(api.requestsOf('set_tag')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(api.requestsOf('set_tag')).toHaveLength(1));
    expect(api.requestsOf('set_tag')[0].parameters).toEqual({
      tgid: 7,
      name: 'Trucks',
      colour: '#1677ff',
      uids: [1, 2, 4],
    });
  });

  it('lets support staff make a label global', async () => {
    const { api } = renderTag(
      '/portal/tag/edit/8',
      {},
      userOf('full', { roles: [...DEFAULT_ROLES.full, 'user_support'] }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Edit Cold chain' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('switch', { name: 'Global' }));
    save();
    await waitFor(() => expect(api.requestsOf('set_tag')).toHaveLength(1));
    expect(api.requestsOf('set_tag')[0].parameters).toMatchObject({ tgid: 8, is_global: true });
    // No vehicle added: no question about rules.
    expect(api.requestsOf('get_warnings')).toHaveLength(0);
  });
});
