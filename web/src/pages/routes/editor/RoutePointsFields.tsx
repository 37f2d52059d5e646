// Origin, waypoints (added, removed, moved up and down) and destination: each a name and
// coordinates typed as decimal or degrees-minutes-seconds (SPEC §5), read as the user types.
import { Button, Input, Space, Typography } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { MARKER_COLOURS, type RoutePointKind } from '../parts/RoutePointsLayer';
import {
  COORDINATE_HINT,
  moveItem,
  pointDraft,
  readPoint,
  waypointLabel,
  withEndMoved,
  type PointDraft,
  type RouteDraft,
} from './routeDraft';

const MAX_WAYPOINTS = 50;

function PointRow({
  label,
  sign,
  kind,
  value,
  onName,
  onText,
  showErrors,
  actions,
}: {
  label: string;
  sign: string;
  kind: RoutePointKind;
  value: PointDraft;
  onName: (name: string) => void;
  onText: (text: string) => void;
  showErrors: boolean;
  actions?: React.ReactNode;
}) {
  const { error } = readPoint(value);
  // An empty field is said only once the user tries to save; a wrong one at once.
  const typed = value.text.trim() !== '';
  const shown = error && (showErrors || typed || error.startsWith('The name')) ? error : null;

  const id = `route-point-${value.key}`;
  return (
    <div className="route-point-row" data-testid="route-point">
      <span className="route-point-sign" style={{ background: MARKER_COLOURS[kind] }} aria-hidden>
        {sign}
      </span>
      <div className="route-point-fields">
        <Typography.Text strong>{label}</Typography.Text>
        <Input
          aria-label={`${label} name`}
          placeholder="Name (optional)"
          value={value.name}
          maxLength={100}
          onChange={(e) => onName(e.target.value)}
        />
        <Input
          aria-label={`${label} coordinates`}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
          placeholder="-26.2041, 28.0473"
          title={`Type ${COORDINATE_HINT}`}
          status={shown ? 'error' : undefined}
          value={value.text}
          onChange={(e) => onText(e.target.value)}
        />
        {shown && (
          <span className="route-point-error" id={`${id}-error`} role="alert">
            {label}: {shown}
          </span>
        )}
      </div>
      <div>{actions}</div>
    </div>
  );
}

export default function RoutePointsFields({
  draft,
  onChange,
  showErrors,
  readOnly = false,
}: {
  draft: RouteDraft;
  onChange: (next: RouteDraft) => void;
  showErrors: boolean;
  readOnly?: boolean;
}) {
  const setWaypoint = (index: number, patch: Partial<PointDraft>) =>
    onChange({
      ...draft,
      waypoints: draft.waypoints.map((w, i) => (i === index ? { ...w, ...patch } : w)),
    });
  const move = (index: number, to: number) =>
    onChange({ ...draft, waypoints: moveItem(draft.waypoints, index, to) });
  const last = draft.waypoints.length - 1;

  return (
    <fieldset disabled={readOnly} className="route-points" aria-label="Route points">
      <PointRow
        label="Origin"
        sign="A"
        kind="origin"
        value={draft.origin}
        showErrors={showErrors}
        onName={(name) => onChange({ ...draft, origin: { ...draft.origin, name } })}
        onText={(text) => onChange(withEndMoved(draft, 'origin', text))}
      />
      {draft.waypoints.map((w, i) => (
        <PointRow
          key={w.key}
          label={waypointLabel(i)}
          sign={String(i + 1)}
          kind="waypoint"
          value={w}
          showErrors={showErrors}
          onName={(name) => setWaypoint(i, { name })}
          onText={(text) => setWaypoint(i, { text })}
          actions={
            !readOnly && (
              <Space direction="vertical" size={2}>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${waypointLabel(i)} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${waypointLabel(i)} down`}
                  disabled={i === last}
                  onClick={() => move(i, i + 1)}
                />
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${waypointLabel(i)}`}
                  onClick={() =>
                    onChange({ ...draft, waypoints: draft.waypoints.filter((_, j) => j !== i) })
                  }
                />
              </Space>
            )
          }
        />
      ))}
      {!readOnly && (
        <div style={{ padding: '8px 0 8px 36px' }}>
          <Button
            icon={<PlusOutlined />}
            disabled={draft.waypoints.length >= MAX_WAYPOINTS}
            onClick={() => onChange({ ...draft, waypoints: [...draft.waypoints, pointDraft()] })}
          >
            Add waypoint
          </Button>
        </div>
      )}
      <PointRow
        label="Destination"
        sign="B"
        kind="destination"
        value={draft.destination}
        showErrors={showErrors}
        onName={(name) => onChange({ ...draft, destination: { ...draft.destination, name } })}
        onText={(text) => onChange(withEndMoved(draft, 'destination', text))}
      />
    </fieldset>
  );
}
