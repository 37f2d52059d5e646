// A wide table's own horizontal scroll, reachable by keyboard (a focusable, named region), so a
// phone scrolls the table and not the page.
import type { ReactNode } from 'react';
import './scrollRegion.css';

export default function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
