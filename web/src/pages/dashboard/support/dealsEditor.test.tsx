// The support dashboard's monthly deals card against a fake of the deal tasks: every deal, ended
// ones too; adding one (a bad price refused before sending), editing and deleting.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_ROLES } from '@fleet/common';
import { userOf } from '../../../test/fixtures';
import { PAGE_TEST, renderPage, wideScreen } from '../../drivers/testing/renderPage';
import { billingApi, dealOf } from '../../account/billing/testing/billingFixtures';
import DealsEditor from './DealsEditor';

afterEach(() => vi.unstubAllGlobals());

const open = () =>
  renderPage(
    '/support',
    { path: '/support', title: 'Support', Component: () => createElement(DealsEditor) },
    userOf('support', { roles: [...DEFAULT_ROLES.support, 'user_support'] }),
  );

function pickRange(dialog: HTMLElement, from: string, to: string) {
  const start = within(dialog).getByLabelText('Valid');
  fireEvent.mouseDown(start);
  fireEvent.change(start, { target: { value: from } });
  fireEvent.keyDown(start, { key: 'Enter' });
  const end = within(dialog).getByLabelText('Valid until');
  fireEvent.change(end, { target: { value: to } });
  fireEvent.keyDown(end, { key: 'Enter' });
}

describe('Deals editor', PAGE_TEST, () => {
  it('lists every deal with its state, asking for all of them', async () => {
    wideScreen();
    const api = billingApi({
      get_monthly_deals: () => ({
        data: {
          monthly_deals: [
            dealOf(1, 'Winter special'),
            dealOf(2, 'Summer bundle', {
              current: false,
              valid_from: '2020-01-01T00:00:00Z',
              valid_to: '2020-01-31T00:00:00Z',
            }),
          ],
        },
      }),
    });
    open();
    expect(screen.getByRole('heading', { level: 2, name: 'Monthly deals' })).toBeTruthy();
    const summer = (await screen.findByText('Summer bundle')).closest('tr') as HTMLElement;
    expect(within(summer).getByText('Ended')).toBeTruthy();
    const winter = screen.getByText('Winter special').closest('tr') as HTMLElement;
    expect(within(winter).getByText('On now')).toBeTruthy();
    expect(within(winter).getByText('R 899.00')).toBeTruthy();
    expect(api.requestsOf('get_monthly_deals')[0].parameters).toEqual({ all: true });
  });

  it('adds a deal, refusing a price with 3 decimals before sending', async () => {
    const api = billingApi();
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Add deal/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Spring deal' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), {
      target: { value: 'Two for one.' },
    });
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '99.999' } });
    pickRange(dialog, '2026-09-01', '2026-09-30');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Price: may have at most 2 decimals (cents)'),
    ).toBeTruthy();
    expect(api.requestsOf('set_monthly_deal')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '99.90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf('set_monthly_deal')).toHaveLength(1));
    const sent = api.requestsOf('set_monthly_deal')[0].parameters;
    expect(sent).toMatchObject({
      title: 'Spring deal',
      description: 'Two for one.',
      price: '99.90',
    });
    expect(Date.parse(sent.valid_to)).toBeGreaterThan(Date.parse(sent.valid_from));
    expect(await screen.findByText('Spring deal')).toBeTruthy();
  });

  it('edits and deletes a deal', async () => {
    const api = billingApi();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit deal Winter special' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Price') as HTMLInputElement).value).toBe('899.00');
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Winter deal' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.requestsOf('set_monthly_deal')[0]?.parameters).toMatchObject({
        id: 1,
        title: 'Winter deal',
        price: '899.00',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete deal Dash-cam bundle' }));
    fireEvent.click(
      document.querySelector<HTMLElement>('.ant-popconfirm-buttons .ant-btn-dangerous')!,
    );
    await waitFor(() =>
      expect(api.requestsOf('delete_monthly_deal')[0]?.parameters).toEqual({ id: 2 }),
    );
    await waitFor(() => expect(screen.queryByText('Dash-cam bundle')).toBeNull());
  });
});
