// A phone's battery as the mobile units list shows it: a small battery drawn to its level, red at
// 20 % and below, and the percentage in words.
const LOW = 20;

export default function BatteryLevel({ percent }: { percent: number | null }) {
  if (percent === null || !Number.isFinite(percent)) return <>—</>;
  const level = Math.max(0, Math.min(100, Math.round(percent)));
  const colour = level <= LOW ? '#cf1322' : '#389e0d';
  return (
    <span className="battery-level" title={`Battery ${level} %`}>
      <svg width="22" height="12" viewBox="0 0 22 12" aria-hidden focusable="false">
        <rect x="0.5" y="0.5" width="18" height="11" rx="2" fill="none" stroke="currentColor" />
        <rect x="19" y="3.5" width="2.5" height="5" rx="1" fill="currentColor" />
        <rect x="2" y="2" width={(15 * level) / 100} height="8" rx="1" fill={colour} />
      </svg>
      <span>{level} %</span>
    </span>
  );
}
