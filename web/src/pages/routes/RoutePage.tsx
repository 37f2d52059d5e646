// routes/add/{pageType} and routes/edit/{roid} (SPEC §2). pageType: draw (a line drawn on the
// map), waypoints (straight legs between typed points, which can then be edited as a line) or trip
// (?uid=..&from=..&to=..: a recorded trip's fixes, simplified). Edit pages load get_route.
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { tripPointsQuery } from '../../api/tracking';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { zoned } from '../../components/zone';
import { unitLabel, useUnits } from '../tracking/common/useUnits';
import { parseId } from '../tracking/common/routeParams';
import { draftFromRoute, draftFromTrip, emptyDraft } from './editor/routeDraft';
import RouteEditor from './editor/RouteEditor';
import './parts/routes.css';
import { routeQuery } from './parts/routeApi';
import { ADD_ROUTE_WAYS, ROUTE_EDIT_ROLES } from './RoutesPage';

const INTROS = {
  draw: 'Draw the route on the map: click to add points and click the last point again to finish. Then drag its points to fit the road.',
  waypoints:
    'Type or click on the map the origin, the destination and any waypoints between them. The route runs straight between them; use "Edit the line" to bend it along the roads.',
  trip: 'The route follows the trip the vehicle drove. Name it, assign units and save.',
};

const SPECIALS = /[!$^*+()%[\]\\/';@{}|"<>`~]/g;

function Loading({ text }: { text: string }) {
  return (
    <Card variant="borderless">
      <div style={{ padding: 48, textAlign: 'center' }} aria-busy>
        <Spin description={text}>
          <div style={{ height: 32 }} />
        </Spin>
      </div>
    </Card>
  );
}

function EditRoute({ roid, readOnly }: { roid: number | null; readOnly: boolean }) {
  // Silent: a missing or foreign route is said on the page, not in a toast.
  const query = useQuery({
    ...routeQuery(roid ?? 0, { silent: true }),
    enabled: roid !== null,
    retry: false,
  });
  const initial = useMemo(
    () => (query.data ? draftFromRoute(query.data.route) : null),
    [query.data],
  );
  if (roid === null || (query.error && /not found/i.test(query.error.message)))
    return (
      <Result
        status="404"
        title="Route not found"
        subTitle="It may have been deleted, or it belongs to another client."
        extra={<Link to="/portal/routes/index">Back to routes</Link>}
      />
    );
  if (query.error)
    return (
      <Alert
        type="error"
        showIcon
        title="The route could not be loaded"
        description={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Try again</Button>}
      />
    );
  if (!initial) return <Loading text="Loading the route…" />;
  return <RouteEditor key={roid} initial={initial} readOnly={readOnly} />;
}

/** add/trip without a trip: how to pick one. */
function PickATrip() {
  return (
    <Card variant="borderless">
      <Typography.Paragraph>
        To make a route from a trip a vehicle drove, open its trips, choose the trip and use{' '}
        <strong>Make a route from this trip</strong>.
      </Typography.Paragraph>
      <Link to="/portal/trip">Open the trip pages</Link>
    </Card>
  );
}

function RouteFromTrip({ uid, from, to }: { uid: number; from: string; to: string }) {
  const { units } = useUnits();
  const unit = units.find((u) => u.uid === uid);
  const points = useQuery(tripPointsQuery(uid, { from, to }));
  const initial = useMemo(() => {
    if (!points.data) return null;
    const start = zoned(from);
    const end = zoned(to);
    return draftFromTrip(points.data.motions, {
      name: unit ? `${unit.name.replace(SPECIALS, '').trim()} ${start.format('D MMM HH:mm')}` : '',
      start: `Start ${start.format('HH:mm')}`,
      end: `End ${end.format('HH:mm')}`,
    });
    // The unit's name only seeds the draft; it must not rebuild it once the user types.
  }, [points.data, from, to]);
  if (points.isLoading) return <Loading text="Loading the trip…" />;
  if (points.error)
    return (
      <Alert
        type="error"
        showIcon
        title="The trip could not be loaded"
        description={points.error.message}
      />
    );
  if (!initial)
    return (
      <Alert
        type="warning"
        showIcon
        title="This trip has too few positions to make a route"
        description={<Link to="/portal/trip">Choose another trip</Link>}
      />
    );
  return (
    <RouteEditor
      initial={initial}
      readOnly={false}
      intro={`${INTROS.trip} Trip of ${unit ? unitLabel(unit) : `unit ${uid}`}, ${zoned(from).format('D MMM YYYY HH:mm')} – ${zoned(to).format('HH:mm')}.`}
    />
  );
}

function AddRoute({ pageType }: { pageType: string }) {
  const [search] = useSearchParams();
  if (pageType === 'draw' || pageType === 'waypoints') {
    const source = pageType === 'draw' ? 'drawn' : 'waypoints';
    return (
      <RouteEditor
        key={pageType}
        initial={emptyDraft(source)}
        readOnly={false}
        intro={INTROS[pageType]}
      />
    );
  }
  if (pageType === 'trip') {
    const uid = parseId(search.get('uid') ?? undefined);
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    const valid = uid !== null && !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to));
    return valid ? <RouteFromTrip uid={uid} from={from} to={to} /> : <PickATrip />;
  }
  return (
    <Result
      status="404"
      title="There is no such way to add a route"
      extra={
        <Space wrap>
          {ADD_ROUTE_WAYS.map((w) => (
            <Link key={w.key} to={`/portal/routes/add/${w.key}`}>
              {w.label}
            </Link>
          ))}
        </Space>
      }
    />
  );
}

export default function RoutePage() {
  const params = useParams();
  const canEdit = usePermission(ROUTE_EDIT_ROLES);
  const roidParam = params.roid;
  return (
    <PageContainer
      subTitle={
        roidParam === undefined
          ? ADD_ROUTE_WAYS.find((w) => w.key === params.pageType)?.label
          : canEdit
            ? 'Change the route, its corridor and its units'
            : undefined
      }
    >
      {roidParam !== undefined ? (
        <EditRoute roid={parseId(roidParam)} readOnly={!canEdit} />
      ) : (
        <AddRoute pageType={params.pageType ?? ''} />
      )}
    </PageContainer>
  );
}
