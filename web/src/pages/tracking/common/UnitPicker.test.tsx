import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mockApi } from '../../../test/mockApi';
import { UNITS } from '../../rules/testing/ruleFixtures';
import UnitPicker from './UnitPicker';

const NORTH = [{ fid: 3, name: 'North', uids: [2, 3] }];

function answer(fleets: typeof NORTH) {
  return mockApi({
    get_unit_list_full: () => ({ data: { units: UNITS } }),
    get_fleets: () => ({ data: { fleets, count: fleets.length, page_count: 1 } }),
  });
}

function renderPicker(ui: React.ReactElement, fleets = NORTH) {
  const api = answer(fleets);
  render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
  return api;
}

const optionTexts = () =>
  [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
}

describe('UnitPicker', () => {
  it('offers only the units of the fleet chosen', async () => {
    renderPicker(<UnitPicker value={null} onChange={() => undefined} />);
    await choose('Filter units by fleet', 'North');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Unit' }));
    await waitFor(() => expect(optionTexts()).toContain('Bravo (REG 2)'));
    expect(optionTexts().filter((t) => t?.includes('(REG'))).toEqual([
      'Bravo (REG 2)',
      'Charlie (REG 3)',
    ]);
  });

  it('picks the fleet’s units where several units are chosen', async () => {
    const onChange = vi.fn();
    renderPicker(<UnitPicker multiple value={[]} onChange={onChange} />);
    await choose('Filter units by fleet', 'North');
    expect(onChange).toHaveBeenCalledWith([2, 3]);
  });

  it('shows no fleet filter to a user without fleets', async () => {
    const api = renderPicker(<UnitPicker value={null} onChange={() => undefined} />, []);
    await waitFor(() => expect(api.requestsOf('get_fleets')).toHaveLength(1));
    await screen.findByRole('combobox', { name: 'Unit' });
    // The answer is in: an empty list of fleets shows no filter.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('combobox', { name: 'Filter units by fleet' })).toBeNull();
  });
});
