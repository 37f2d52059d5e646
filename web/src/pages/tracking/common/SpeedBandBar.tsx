// A small bar of the time spent in each speed band (speed_histogram), slow green to fast red.
import { Tooltip } from 'antd';
import { formatDuration } from '@fleet/common';
import { secondsAtOrAbove, speedBands } from './speedBands';

export default function SpeedBandBar({
  histogram,
  maxSpeed,
}: {
  histogram: Record<string, number> | null | undefined;
  /** Adds "at or above" this speed to the tooltip (SPEC §9 speed-band sums). */
  maxSpeed?: number | null;
}) {
  const bands = speedBands(histogram);
  const total = bands.reduce((s, b) => s + b.seconds, 0);
  // An image of the bands: a plain span may not carry a name (ARIA), an img may.
  if (!total) return <span className="speed-band-bar" role="img" aria-label="No driving" />;
  const above = maxSpeed != null ? secondsAtOrAbove(bands, maxSpeed) : null;
  const title = (
    <div>
      {bands
        .filter((b) => b.seconds > 0)
        .map((b) => (
          <div key={b.key}>
            {b.label}: {formatDuration(b.seconds)} ({Math.round(b.share * 100)}%)
          </div>
        ))}
      {above !== null && above > 0 && (
        <div style={{ marginTop: 4, fontWeight: 600 }}>
          At or above {maxSpeed} km/h: {formatDuration(above)}
        </div>
      )}
    </div>
  );
  return (
    <Tooltip title={title}>
      <span
        className="speed-band-bar"
        role="img"
        aria-label={bands
          .filter((b) => b.seconds > 0)
          .map((b) => `${b.label} ${Math.round(b.share * 100)}%`)
          .join(', ')}
      >
        {bands.map((b) =>
          b.share > 0 ? (
            <span key={b.key} style={{ width: `${b.share * 100}%`, background: b.colour }} />
          ) : null,
        )}
      </span>
    </Tooltip>
  );
}
