// Rule alerts (SPEC §2 /portal/alerts/unit_alert, §3 Rule alert: newest first; issue 11 item 4):
// one page of 20 at a time, filtered by unit, rule type and date range. Each row opens the alert's
// evidence (RuleAlertPage). Opened from the top-bar icon, the list marks the alerts seen once its
// first page is read, so the alerts that were new still show their "New" tag here.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Empty, Form, Select, Table, Tag } from 'antd';
import { RULE_TYPE_KEYS, RULE_TYPES, type RuleAlert, type RuleTypeKey } from '@fleet/common';
import { setRuleAlertsSeen } from '../../api/alerts';
import { useDateTime } from '../../components/dates';
import DateRangeField from '../../components/DateRangeField';
import type { DateRange } from '../../components/dateRangePresets';
import PageContainer from '../../components/PageContainer';
import { usePagedQuery } from '../../components/usePagedQuery';
import { nowInZone, zoned } from '../../components/zone';
import { ALERT_KEYS } from '../../layout/alerts/alertQueries';
import { unitLabel, useUnits } from '../tracking/common/useUnits';
import { clearAllAlertMarks } from './ruleAlerts/newAlertMarks';
import { isSeenOnOpen, ruleAlertPath } from './ruleAlerts/pushedAlerts';
import './ruleAlerts/ruleAlerts.css';

type When = 'any' | 'range';

export interface RuleAlertFilters {
  uid?: number;
  type?: RuleTypeKey;
  from?: string;
  to?: string;
}

/** The parameters get_rule_alerts is sent: only the filters that are set. */
export function ruleAlertFilters(
  uid: number | undefined,
  type: RuleTypeKey | undefined,
  range: DateRange | null,
): RuleAlertFilters {
  const filters: RuleAlertFilters = {};
  if (uid !== undefined) filters.uid = uid;
  if (type !== undefined) filters.type = type;
  if (range) {
    filters.from = range[0].toISOString();
    filters.to = range[1].toISOString();
  }
  return filters;
}

const lastWeek = (): DateRange => {
  const now = nowInZone();
  return [now.subtract(6, 'day').startOf('day'), now.endOf('day')];
};

/**
 * Filters a link may set (?uid=&type=&from=&to=, e.g. the dashboard's speeding total): anything
 * not understood is left out, so a stale or hand-typed link still opens the list.
 */
export function filtersFromLink(params: URLSearchParams): {
  uid?: number;
  type?: RuleTypeKey;
  range?: DateRange;
} {
  const out: { uid?: number; type?: RuleTypeKey; range?: DateRange } = {};
  const uid = Number(params.get('uid'));
  if (Number.isInteger(uid) && uid > 0) out.uid = uid;
  const type = params.get('type');
  if (type && (RULE_TYPE_KEYS as readonly string[]).includes(type)) out.type = type as RuleTypeKey;
  const from = zoned(params.get('from'));
  const to = zoned(params.get('to'));
  if (
    params.get('from') &&
    params.get('to') &&
    from.isValid() &&
    to.isValid() &&
    !to.isBefore(from)
  )
    out.range = [from, to];
  return out;
}

export default function RuleAlertsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const dateTime = useDateTime();
  const { units, isLoading: unitsLoading } = useUnits();
  const [params] = useSearchParams();
  const [linked] = useState(() => filtersFromLink(params));
  const [uid, setUid] = useState<number | undefined>(linked.uid);
  const [type, setType] = useState<RuleTypeKey | undefined>(linked.type);
  const [when, setWhen] = useState<When>(linked.range ? 'range' : 'any');
  const [range, setRange] = useState<DateRange>(() => linked.range ?? lastWeek());
  const filters = ruleAlertFilters(uid, type, when === 'range' ? range : null);
  const filtered = Object.keys(filters).length > 0;
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_rule_alerts',
    filters,
    (d) => d.rule_alerts,
  );

  // Opening the list clears the live map's marks (issue 11: "until the user opens ... the list").
  useEffect(() => clearAllAlertMarks(), []);

  // SPEC §2: opened from the icon, the count goes to 0 on the server too, once this page is read.
  const marking = useRef(false);
  // Read and not being read again: a refetch answered after the mark would lose its New tags.
  const settled = (query.isSuccess || query.isError) && !query.isFetching;
  useEffect(() => {
    if (!isSeenOnOpen(location.state) || !settled || marking.current) return;
    marking.current = true;
    navigate(location.pathname, { replace: true, state: null });
    setRuleAlertsSeen()
      .then((count) => client.setQueryData(ALERT_KEYS.ruleAlerts, count ?? 0))
      .catch(() => undefined)
      .finally(() => {
        marking.current = false;
      });
  }, [location.state, location.pathname, settled, navigate, client]);

  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const toolbar = (
    <Form layout="inline" className="rule-alert-filters" aria-label="Filter the alerts">
      <Form.Item label="Unit" htmlFor="rule-alert-unit">
        <Select<number>
          id="rule-alert-unit"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="All units"
          loading={unitsLoading}
          value={uid}
          onChange={change(setUid)}
          options={units.map((u) => ({ value: u.uid, label: unitLabel(u) }))}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item label="Rule type" htmlFor="rule-alert-type">
        <Select<RuleTypeKey>
          id="rule-alert-type"
          allowClear
          placeholder="All types"
          value={type}
          onChange={change(setType)}
          options={RULE_TYPES.map((t) => ({ value: t.key, label: t.name }))}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      <Form.Item label="When" htmlFor="rule-alert-when">
        <Select<When>
          id="rule-alert-when"
          value={when}
          onChange={change(setWhen)}
          options={[
            { value: 'any', label: 'Any time' },
            { value: 'range', label: 'Between dates' },
          ]}
        />
      </Form.Item>
      {when === 'range' && (
        <Form.Item label="Dates" htmlFor="rule-alert-range">
          <DateRangeField id="rule-alert-range" value={range} onChange={change(setRange)} />
        </Form.Item>
      )}
    </Form>
  );

  const empty = filtered ? (
    <Empty description="No alerts match these filters." />
  ) : (
    <Empty description="No rule alerts yet. Alerts appear here when a vehicle breaks one of your rules.">
      <Link to="/portal/rules/index" className="rule-alert-empty-link">
        Set up rules
      </Link>
    </Empty>
  );

  return (
    <PageContainer subTitle="What your rules caught, newest first">
      <Card variant="borderless">
        {toolbar}
        <Table<RuleAlert>
          rowKey="raid"
          className="rule-alert-table"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isError ? 'The alerts could not be read.' : empty }}
          onRow={(alert) => ({
            'data-new': alert.new ? 'true' : undefined,
            onClick: (event) => {
              // The link in the row navigates by itself; a click elsewhere on the row opens it too.
              if ((event.target as HTMLElement).closest('a')) return;
              navigate(ruleAlertPath(alert.raid));
            },
          })}
          columns={[
            {
              title: 'Alert',
              key: 'alert',
              render: (_, a) => (
                <div className="rule-alert-cell">
                  <Link to={ruleAlertPath(a.raid)} className="rule-alert-time">
                    {dateTime(a.time)}
                    <span className="visually-hidden">, {a.type_name} alert, open it</span>
                  </Link>
                  {a.new && (
                    <Tag color="red" className="rule-alert-new">
                      New
                    </Tag>
                  )}
                  <div className="rule-alert-summary">{a.summary}</div>
                </div>
              ),
            },
            {
              title: 'Unit',
              key: 'unit',
              render: (_, a) => (
                <>
                  <div>{a.unit_name}</div>
                  {a.reg && a.reg !== a.unit_name && <div className="rule-alert-sub">{a.reg}</div>}
                </>
              ),
            },
            { title: 'Type', dataIndex: 'type_name', key: 'type' },
            { title: 'Rule', dataIndex: 'rule_name', key: 'rule', responsive: ['md'] },
            {
              title: 'State',
              key: 'state',
              render: (_, a) => (a.open ? <Tag color="orange">Going on</Tag> : <Tag>Ended</Tag>),
            },
          ]}
        />
      </Card>
    </PageContainer>
  );
}
