// List beside the map on a desktop; on a phone (SPEC §2 mobile mode) one at a time, switched by a
// List | Map control. The map stays mounted while hidden so it keeps its view and replay.
import { useEffect, useRef, type ReactNode } from 'react';
import { Segmented } from 'antd';
import { EnvironmentOutlined, UnorderedListOutlined } from '@ant-design/icons';

export type SplitPane = 'list' | 'map';

/** The List | Map control of the phone layout. */
export function PaneSwitch({
  value,
  onChange,
  listLabel = 'List',
  className,
}: {
  value: SplitPane;
  onChange: (pane: SplitPane) => void;
  listLabel?: string;
  className?: string;
}) {
  return (
    <Segmented<SplitPane>
      block
      className={className}
      value={value}
      onChange={onChange}
      aria-label="Show"
      options={[
        { value: 'list', label: listLabel, icon: <UnorderedListOutlined /> },
        { value: 'map', label: 'Map', icon: <EnvironmentOutlined /> },
      ]}
    />
  );
}

interface Props {
  list: ReactNode;
  map: ReactNode;
  mobile: boolean;
  pane: SplitPane;
  onPaneChange: (pane: SplitPane) => void;
  /** Words for the list pane's switch, e.g. "Trips". */
  listLabel?: string;
}

export default function SplitView({
  list,
  map,
  mobile,
  pane,
  onPaneChange,
  listLabel = 'List',
}: Props) {
  const switchRef = useRef<HTMLDivElement>(null);
  const shown = useRef(pane);
  // On a phone the map pane fills the screen under the switch: bring it up when it is chosen.
  useEffect(() => {
    if (mobile && pane === 'map' && shown.current !== 'map') {
      switchRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    }
    shown.current = pane;
  }, [mobile, pane]);
  if (!mobile) {
    return (
      <div className="split-view">
        <aside className="split-list">{list}</aside>
        <div className="split-map">{map}</div>
      </div>
    );
  }
  return (
    <div className="split-view is-mobile">
      <div ref={switchRef} className="split-switch-anchor" />
      <PaneSwitch
        className="split-switch"
        value={pane}
        onChange={onPaneChange}
        listLabel={listLabel}
      />
      <div className={`split-list${pane === 'list' ? '' : ' is-hidden'}`}>{list}</div>
      {/* Inert, not only aria-hidden: the hidden map's controls must leave the Tab order too. */}
      <div className={`split-map${pane === 'map' ? '' : ' is-hidden'}`} inert={pane !== 'map'}>
        {map}
      </div>
    </div>
  );
}
