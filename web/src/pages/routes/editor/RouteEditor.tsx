// The route form beside its map: settings, points, the line (drawn, from a trip, or straight legs
// made editable), the live distance and steps, save and delete.
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import type { LatLon, RouteInput, RoutePoint } from '@fleet/common';
import { call } from '../../../api/call';
import { useNotify } from '../../../components/notify';
import { formatLatLon } from '../parts/format';
import { ROUTE_KEYS } from '../parts/routeApi';
import type { RouteMarker } from '../parts/RoutePointsLayer';
import RouteDirections from './RouteDirections';
import RouteEditorMap from './RouteEditorMap';
import RoutePointsFields from './RoutePointsFields';
import {
  draftToInput,
  pointDraft,
  previewRoute,
  readPoints,
  withPath,
  type RouteDraft,
} from './routeDraft';
import RouteSettingsFields, { corridorProblem, nameProblem } from './RouteSettingsFields';

function markersOf(
  origin: RoutePoint | null,
  waypoints: (RoutePoint | null)[],
  destination: RoutePoint | null,
): RouteMarker[] {
  const out: RouteMarker[] = [];
  if (origin) out.push({ ...origin, kind: 'origin' });
  for (const w of waypoints) if (w) out.push({ ...w, kind: 'waypoint' });
  if (destination) out.push({ ...destination, kind: 'destination' });
  return out;
}

export default function RouteEditor({
  initial,
  readOnly,
  intro,
}: {
  initial: RouteDraft;
  readOnly: boolean;
  /** A line above the form saying how this route is made. */
  intro?: string;
}) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [editingLine, setEditingLine] = useState(
    !readOnly && initial.source === 'drawn' && !initial.path,
  );
  const preview = useMemo(() => previewRoute(draft), [draft]);
  const points = useMemo(() => readPoints(draft), [draft]);
  const built = preview.built;
  // The ends sit at the line's ends, as set_route will put them.
  const origin = built ? { ...built.origin, name: points.origin?.name } : points.origin;
  const destination = built
    ? { ...built.destination, name: points.destination?.name }
    : points.destination;
  // Kept while the signs stay the same, so typing a name does not redraw the map's sources.
  const fresh = markersOf(origin, points.waypoints, destination);
  const markersKey = JSON.stringify(fresh);
  const markers = useMemo(() => fresh, [markersKey]);

  const save = useMutation({
    mutationFn: (input: RouteInput) => call('set_route', input),
    onSuccess: ({ route }) => {
      notify.success(`${route.name} saved`);
      for (const queryKey of ROUTE_KEYS)
        void client.invalidateQueries({ queryKey, refetchType: 'none' });
      // The edit page opens on the saved route without asking again.
      client.setQueryData(['get_route', { roid: route.roid }], { route });
      setProblems([]);
      if (draft.roid === undefined)
        navigate(`/portal/routes/edit/${route.roid}`, { replace: true });
      else setDraft((d) => ({ ...d, roid: route.roid }));
    },
    onError: (error) => setProblems([error instanceof Error ? error.message : String(error)]),
  });
  const remove = useMutation({
    mutationFn: () => call('delete_route', { roid: draft.roid! }),
    onSuccess: () => {
      notify.success(`${draft.name} deleted`);
      for (const queryKey of ROUTE_KEYS) void client.invalidateQueries({ queryKey });
      navigate('/portal/routes/index');
    },
  });

  const submit = () => {
    setShowErrors(true);
    const messages: string[] = [];
    const name = nameProblem(draft.name);
    if (name) messages.push(name);
    const corridor = corridorProblem(draft.corridor);
    if (corridor) messages.push(corridor);
    const result = draftToInput(draft);
    if (result.errors)
      for (const [field, message] of Object.entries(result.errors))
        messages.push(`${field}: ${message}`);
    setProblems(messages);
    if (messages.length || !result.input) {
      notify.error(messages[0] ?? 'The route cannot be saved');
      return;
    }
    save.mutate(result.input);
  };

  const editLine = () => {
    if (!draft.path && built) setDraft(withPath({ ...draft, source: 'drawn' }, built.polyline));
    setEditingLine(true);
  };
  const place = (at: LatLon) => {
    const text = formatLatLon(at);
    if (!draft.origin.text.trim()) setDraft({ ...draft, origin: { ...draft.origin, text } });
    else if (!draft.destination.text.trim())
      setDraft({ ...draft, destination: { ...draft.destination, text } });
    else setDraft({ ...draft, waypoints: [...draft.waypoints, { ...pointDraft(), text }] });
  };

  return (
    <div className="route-editor">
      <div>
        <Card variant="borderless">
          {intro && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
              {intro}
            </Typography.Paragraph>
          )}
          <RouteSettingsFields
            draft={draft}
            onChange={setDraft}
            showErrors={showErrors}
            readOnly={readOnly}
          />
          <RoutePointsFields
            draft={draft}
            onChange={setDraft}
            showErrors={showErrors}
            readOnly={readOnly}
          />
          <div style={{ marginTop: 16 }}>
            {built ? (
              <RouteDirections
                distance={built.distance}
                legs={built.legs}
                origin={origin}
                waypoints={points.waypoints.filter((w): w is RoutePoint => w !== null)}
                destination={destination}
              />
            ) : (
              <Alert type="info" showIcon title={preview.problem ?? 'No route line yet'} />
            )}
          </div>
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 16 }}
              title="The route was not saved"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              }
            />
          )}
          {!readOnly && (
            <div className="route-editor-actions">
              <Button
                type="primary"
                icon={<SaveOutlined />}
                loading={save.isPending}
                onClick={submit}
              >
                Save route
              </Button>
              {editingLine ? (
                <Button onClick={() => setEditingLine(false)} disabled={!draft.path}>
                  Done editing the line
                </Button>
              ) : (
                <Button icon={<EditOutlined />} onClick={editLine} disabled={!built && !draft.path}>
                  Edit the line
                </Button>
              )}
              <Space style={{ marginLeft: 'auto' }}>
                <Button onClick={() => navigate('/portal/routes/index')}>Back to routes</Button>
                {draft.roid !== undefined && (
                  <Popconfirm
                    title={`Delete the route ${initial.name}?`}
                    description="Its units are no longer followed on it. This cannot be undone."
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync()}
                  >
                    <Button danger icon={<DeleteOutlined />}>
                      Delete
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </div>
          )}
        </Card>
      </div>
      <RouteEditorMap
        roid={draft.roid ?? 0}
        name={draft.name}
        colour={draft.colour}
        polyline={built?.polyline ?? null}
        markers={markers}
        problem={preview.problem}
        editingLine={editingLine}
        path={draft.path}
        onPath={(path) => setDraft((d) => withPath(d, path))}
        onPlace={!readOnly && !draft.path ? place : undefined}
        fitKey={`${draft.roid ?? 'new'}|${editingLine ? 'edit' : 'view'}|${built ? 'line' : markers.length}`}
      />
    </div>
  );
}
