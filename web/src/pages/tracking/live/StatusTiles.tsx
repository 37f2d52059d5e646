import type { StatusCounts, StatusFilter } from './unitStatus';
import { STATUS_META } from './unitStatus';

const TILES: { key: StatusFilter; label: string; colour: string; text: string }[] = [
  { key: 'all', label: 'All', colour: '#0f1c2e', text: '#0f1c2e' },
  ...(['moving', 'parked', 'offline'] as const).map((key) => ({ key, ...STATUS_META[key] })),
];

/** The fleet at a glance; each count is also the filter for its status. */
export function StatusTiles({
  counts,
  value,
  onChange,
}: {
  counts: StatusCounts;
  value: StatusFilter;
  onChange: (filter: StatusFilter) => void;
}) {
  return (
    <div className="status-tiles" role="group" aria-label="Filter by status">
      {TILES.map((tile) => (
        <button
          key={tile.key}
          type="button"
          className={`status-tile${value === tile.key ? ' is-active' : ''}`}
          aria-pressed={value === tile.key}
          data-testid={`count-${tile.key}`}
          onClick={() => onChange(value === tile.key && tile.key !== 'all' ? 'all' : tile.key)}
          style={{ ['--tile-colour' as string]: tile.colour, ['--tile-text' as string]: tile.text }}
        >
          <span className="status-tile-count">{counts[tile.key]}</span>
          <span className="status-tile-label">{tile.label}</span>
        </button>
      ))}
    </div>
  );
}
