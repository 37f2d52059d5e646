// fleet_coverage_area[/{uid_list}[/{daterange}]] (SPEC §2): where the chosen units (none chosen:
// every unit) drove over a range, as a heat map of grid cells weighted by their moving fixes
// (get_coverage counts them on the server, and says when the quietest cells were left out).
import '../../common/tracking.css';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Slider, Spin, Typography } from 'antd';
import { coverageQuery } from '../../../../api/tracking';
import type { DateRange } from '../../../../components/dateRangePresets';
import PageContainer from '../../../../components/PageContainer';
import { HeatmapLayer, MapView, type HeatPoint } from '../../../../map';
import { useTheme } from '../../../../theme/ThemeContext';
import FitPoints from '../../common/FitPoints';
import { formatRangeText } from '../../common/format';
import { registerMapForTests } from '../../common/mapTestHook';
import { UnitsRangeToolbar } from '../../common/RangeToolbar';
import { apiRange, formatDateRange, formatIdList, parseIdList } from '../../common/routeParams';
import SplitView, { type SplitPane } from '../../common/SplitView';
import { useIsMobile } from '../../../../layout/useResponsive';
import { useRangeParam } from '../../common/useRangeParam';

const NO_POINTS: HeatPoint[] = [];

export default function FleetCoverageView() {
  const params = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const mobile = useIsMobile();
  const [pane, setPane] = useState<SplitPane>('map');
  const [radius, setRadius] = useState(12);
  const uids = useMemo(() => parseIdList(params.uid_list), [params.uid_list]);
  const range = useRangeParam(params.daterange);
  const { from, to } = apiRange(range);
  const query = useQuery(coverageQuery({ from, to }, uids.length ? uids : undefined));
  const points = useMemo<HeatPoint[]>(
    () => query.data?.cells.map(([lat, lon, weight]) => ({ lat, lon, weight })) ?? NO_POINTS,
    [query.data],
  );
  const positions = query.data?.points ?? 0;
  const leftOut = query.data?.truncated ? query.data.left_out : null;
  const go = (nextUids: number[], nextRange: DateRange) =>
    navigate(`/portal/fleet_coverage_area/${formatIdList(nextUids)}/${formatDateRange(nextRange)}`);

  const toolbar = (
    <UnitsRangeToolbar
      uids={uids}
      go={go}
      range={range}
      mobile={mobile}
      queries={['get_coverage']}
      fetching={query.isFetching}
    />
  );

  const panel = (
    <div className="trip-panel">
      <div className="panel-section" data-testid="coverage-stats">
        <div className="trip-totals" style={{ padding: 0, border: 0 }}>
          <div className="trip-total">
            <span className="trip-total-label">Positions</span>
            <span className="trip-total-value">{positions.toLocaleString('en-ZA')}</span>
          </div>
          <div className="trip-total">
            <span className="trip-total-label">Units</span>
            <span className="trip-total-value">{query.data?.units ?? '—'}</span>
          </div>
          <div className="trip-total">
            <span className="trip-total-label">Range</span>
            <span className="trip-total-value" style={{ fontSize: 13 }}>
              {formatRangeText(range)}
            </span>
          </div>
        </div>
      </div>
      <div className="panel-section">
        <Typography.Text type="secondary">How often the fleet drove there</Typography.Text>
        <div className="coverage-scale" style={{ marginTop: 8 }}>
          <span>Rarely</span>
          <span className="coverage-scale-bar" aria-hidden />
          <span>Often</span>
        </div>
      </div>
      <div className="panel-section">
        <Typography.Text type="secondary" id="coverage-radius-label">
          Spread
        </Typography.Text>
        <Slider
          min={4}
          max={30}
          value={radius}
          onChange={setRadius}
          ariaLabelledByForHandle="coverage-radius-label"
        />
      </div>
      {leftOut && (
        <Alert
          className="trip-panel-alert"
          type="info"
          showIcon
          data-testid="coverage-truncated"
          title={`The busiest ${points.length.toLocaleString('en-ZA')} places are drawn; ${leftOut.points.toLocaleString('en-ZA')} positions in ${leftOut.cells.toLocaleString('en-ZA')} rarely visited places are left out.`}
        />
      )}
      {!query.isLoading && positions === 0 && (
        <Alert
          className="trip-panel-alert"
          type="info"
          showIcon
          title={`No driving ${formatRangeText(range)}.`}
        />
      )}
    </div>
  );

  const map = (
    <div className="trip-map-panel">
      <div className="trip-map" data-drawn={points.length}>
        <MapView
          mapSources={theme.map_sources}
          onReady={registerMapForTests}
          style={{ position: 'absolute', inset: 0, minHeight: 0 }}
        >
          <HeatmapLayer points={points} radius={radius} />
          <FitPoints points={points} fitKey={`${from}|${to}|${uids.join(',')}`} />
        </MapView>
        {query.isLoading && (
          <div className="map-overlay">
            <Spin />
          </div>
        )}
      </div>
    </div>
  );

  return (
    <PageContainer
      subTitle={`${uids.length ? `${uids.length} unit${uids.length === 1 ? '' : 's'}` : 'Every unit'}, ${formatRangeText(range)}`}
    >
      {toolbar}
      <SplitView
        list={panel}
        map={map}
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Details"
      />
    </PageContainer>
  );
}
