// What raised a chase-up (issue 16 item 3): the device event (label, time, speed, where, its
// attributes) or the rule alert, with a link to the alert's own page.
import { Descriptions, Empty } from 'antd';
import type { ChaseupEvidence } from '@fleet/common';
import { useDateTime } from '../../../components/dates';
import { formatSpeed } from '../../tracking/common/format';
import { coordinates } from './ChaseupTable';
import './desk.css';

const attributeText = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

export default function Evidence({
  evidence,
  phones,
}: {
  evidence: ChaseupEvidence;
  /** the call-me rule's numbers (type 4) */
  phones: readonly string[];
}) {
  const dateTime = useDateTime();
  const { device_event: d, rule_alert: r } = evidence;
  if (!d && !r) return <Empty description="No evidence was kept with this chase-up." />;
  const attributes = d ? Object.entries(d.attributes ?? {}) : [];
  return (
    <div className="chaseup-evidence">
      {d && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={<span className="chaseup-evidence-title">Device event</span>}
          items={[
            { key: 'label', label: 'Event', children: d.label || d.type },
            { key: 'time', label: 'Time', children: dateTime(d.time) },
            {
              key: 'speed',
              label: 'Speed',
              children: d.speed === null ? '—' : formatSpeed(d.speed),
            },
            {
              key: 'where',
              label: 'Position',
              children: d.lat !== null && d.lon !== null ? coordinates(d.lat, d.lon) : '—',
            },
            ...attributes.map(([k, v]) => ({
              key: `attr-${k}`,
              label: k,
              children: <span className="chaseup-attribute">{attributeText(v)}</span>,
            })),
          ]}
        />
      )}
      {r && (
        <Descriptions
          size="small"
          column={1}
          bordered
          title={<span className="chaseup-evidence-title">Rule alert</span>}
          items={[
            { key: 'rule', label: 'Rule', children: r.rule_name },
            { key: 'type', label: 'Type', children: r.type },
            { key: 'time', label: 'Time', children: dateTime(r.time) },
            // Support users have no rule alert pages (feature_rule_alerts): its number is kept
            // for talking to the client, whose list shows it.
            { key: 'raid', label: 'Alert number', children: String(r.raid) },
            ...(phones.length
              ? [{ key: 'phones', label: 'Call', children: phones.join(', ') }]
              : []),
          ]}
        />
      )}
    </div>
  );
}
