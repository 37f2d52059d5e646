import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { makeUnit } from '../../../map/testing/units';
import { pick } from '../../vehicles/testing/vehicleFixtures';
import { UnitList } from './UnitList';

const fleet = [
  makeUnit(1, { name: 'Hino 500 JOH-01', reg: 'BX 100 GP', tags: [{ id: 7, name: 'Trucks' }] }, 60),
  makeUnit(2, { name: 'VW Polo PRE-02', reg: 'CF 107 GP', tags: [{ id: 8, name: 'Pool' }] }, 0),
  makeUnit(3, { name: 'Afrit Trailer DUR-03', connected: false, park_state: 1 }, 0),
  makeUnit(4, { name: 'Isuzu NPR CAP-04', driver: { pid: 1, name: 'Thandi Mokoena' } }, 35),
];

function renderList(over: Partial<Parameters<typeof UnitList>[0]> = {}) {
  const onSelect = vi.fn();
  render(
    <UnitList
      units={fleet}
      selectedUid={null}
      onSelect={onSelect}
      loading={false}
      error={null}
      onRetry={() => undefined}
      focus={null}
      onClearFocus={() => undefined}
      emptyText="No units yet"
      {...over}
    />,
  );
  return { onSelect };
}

const rows = () => within(screen.getByRole('listbox', { name: 'Units' })).queryAllByRole('option');
const names = () => rows().map((r) => r.querySelector('.unit-row-name')?.textContent);
const count = (key: string) =>
  screen.getByTestId(`count-${key}`).querySelector('.status-tile-count')?.textContent;

describe('UnitList', () => {
  it('shows the counts of moving, parked and disconnected units and lists them by name', () => {
    renderList();
    expect(count('all')).toBe('4');
    expect(count('moving')).toBe('2');
    expect(count('parked')).toBe('1');
    expect(count('offline')).toBe('1');
    expect(screen.getByTestId('unit-count').textContent).toBe('4 units');
    expect(names()).toEqual([
      'Afrit Trailer DUR-03',
      'Hino 500 JOH-01',
      'Isuzu NPR CAP-04',
      'VW Polo PRE-02',
    ]);
    expect(rows()[1].textContent).toContain('60 km/h E');
  });

  it('filters by a status tile, and the same tile again shows all', () => {
    renderList();
    fireEvent.click(screen.getByTestId('count-moving'));
    expect(names()).toEqual(['Hino 500 JOH-01', 'Isuzu NPR CAP-04']);
    expect(screen.getByTestId('unit-count').textContent).toBe('2 of 4 units');
    fireEvent.click(screen.getByTestId('count-offline'));
    expect(names()).toEqual(['Afrit Trailer DUR-03']);
    fireEvent.click(screen.getByTestId('count-offline'));
    expect(names()).toHaveLength(4);
  });

  it('searches by name, registration or driver and says when nothing matches', () => {
    renderList();
    const search = screen.getByRole('textbox', { name: 'Search units' });
    fireEvent.change(search, { target: { value: 'thandi' } });
    expect(names()).toEqual(['Isuzu NPR CAP-04']);
    fireEvent.change(search, { target: { value: 'CF 107' } });
    expect(names()).toEqual(['VW Polo PRE-02']);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No unit matches “zzz”')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all units' }));
    expect(names()).toHaveLength(4);
  });

  it('selects a unit by click or keyboard and marks the selected row', () => {
    const { onSelect } = renderList({ selectedUid: 2 });
    const polo = rows().find((r) => r.textContent?.includes('VW Polo'))!;
    expect(polo.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(rows()[0]);
    expect(onSelect).toHaveBeenCalledWith(3);
    fireEvent.keyDown(rows()[1], { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('is one Tab stop, the selected row, and the arrow keys move between rows', () => {
    renderList({ selectedUid: 2 });
    const tabbable = () => rows().filter((r) => r.tabIndex === 0);
    expect(tabbable().map((r) => r.getAttribute('data-uid'))).toEqual(['2']);
    expect(rows().filter((r) => r.tabIndex === -1)).toHaveLength(3);
    fireEvent.keyDown(tabbable()[0], { key: 'Home' });
    expect(document.activeElement?.getAttribute('data-uid')).toBe('3');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-uid')).toBe('1');
    expect(tabbable().map((r) => r.getAttribute('data-uid'))).toEqual(['1']);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.getAttribute('data-uid')).toBe('2');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-uid')).toBe('2');
  });

  it('narrows to the units of a fleet link, with counts of those only', () => {
    renderList({ focus: [1, 3] });
    expect(count('all')).toBe('2');
    expect(names()).toEqual(['Afrit Trailer DUR-03', 'Hino 500 JOH-01']);
    expect(screen.getByText('2 linked units')).toBeTruthy();
  });

  it('has clear loading, error and empty states', () => {
    const onRetry = vi.fn();
    const { unmount } = render(
      <UnitList
        units={[]}
        selectedUid={null}
        onSelect={() => undefined}
        loading={false}
        error={new Error('The server cannot be reached')}
        onRetry={onRetry}
        focus={null}
        onClearFocus={() => undefined}
        emptyText="No units yet"
      />,
    );
    expect(screen.getByText('The unit list could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    unmount();
    renderList({ units: [] });
    expect(screen.getByText('No units yet')).toBeTruthy();
  });

  it('narrows the list and its counts to a label, a fleet, or both', async () => {
    renderList({
      labels: [
        { tgid: 7, name: 'Trucks', colour: '#1677ff', is_global: false, uids: [1] },
        { tgid: 8, name: 'Pool', colour: '#52c41a', is_global: false, uids: [2] },
      ],
      fleets: [
        { fid: 3, name: 'North', uids: [1, 3] },
        { fid: 4, name: 'South', uids: [2, 4] },
      ],
    });
    await pick('Filter units by label', 'Trucks');
    expect(names()).toEqual(['Hino 500 JOH-01']);
    expect(count('all')).toBe('1');
    await pick('Filter units by fleet', 'South');
    expect(screen.getByText('No unit in this label and fleet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all units' }));
    expect(names()).toHaveLength(4);
    await pick('Filter units by fleet', 'North');
    expect(names()).toEqual(['Afrit Trailer DUR-03', 'Hino 500 JOH-01']);
    expect(count('offline')).toBe('1');
  });

  it('has no label or fleet filter for a user without labels or fleets', () => {
    renderList();
    expect(screen.queryByRole('combobox', { name: 'Filter units by label' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Filter units by fleet' })).toBeNull();
  });
});
