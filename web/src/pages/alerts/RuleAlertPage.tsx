// One rule alert's evidence (SPEC §2 /portal/alerts/unit_alert/{raid}; issue 11 item 4): the facts
// in words beside a map of the fixes around it, the start (and for speed rules the peak) marked,
// and the speed chart with the limit as a line; links to that day's trips and to the rule.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Result, Spin, Tag } from 'antd';
import { checkPermission, formatDuration, type RuleAlertDetail } from '@fleet/common';
import { taskQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { useDateTime } from '../../components/dates';
import PageContainer from '../../components/PageContainer';
import { useIsMobile } from '../../layout/useResponsive';
import SplitView, { type SplitPane } from '../tracking/common/SplitView';
import { parseId } from '../tracking/common/routeParams';
import EvidenceMap from './ruleAlerts/EvidenceMap';
import {
  alertDuration,
  alertMarks,
  alertTripPath,
  chartLimit,
  evidenceFacts,
  preciseDuration,
  ruleEditPath,
} from './ruleAlerts/evidenceText';
import { clearAlertMark } from './ruleAlerts/newAlertMarks';
import { RULE_ALERTS_PATH } from './ruleAlerts/pushedAlerts';
import '../tracking/common/tracking.css';
import './ruleAlerts/ruleAlerts.css';

export default function RuleAlertPage() {
  const raid = parseId(useParams().raid);
  if (raid === null) return <Result status="404" title="No such alert" />;
  return <RuleAlertView raid={raid} />;
}

function RuleAlertView({ raid }: { raid: number }) {
  const mobile = useIsMobile();
  const [pane, setPane] = useState<SplitPane>('list');
  const query = useQuery(taskQuery('get_rule_alert', { raid }, { silent: true }));
  const alert = query.data?.rule_alert;

  // Opening the alert takes its mark off the live map (issue 11).
  useEffect(() => clearAlertMark(raid), [raid]);

  if (query.isPending) {
    return (
      <PageContainer>
        <Spin />
      </PageContainer>
    );
  }
  if (!alert) {
    return (
      <Result
        status="404"
        title="No such alert"
        subTitle={query.error instanceof Error ? query.error.message : undefined}
        extra={<Link to={RULE_ALERTS_PATH}>All rule alerts</Link>}
      />
    );
  }
  return (
    <PageContainer title={`${alert.type_name}: ${alert.unit_name}`} subTitle={alert.rule_name}>
      <SplitView
        list={<AlertFacts alert={alert} />}
        map={
          <EvidenceMap
            raid={raid}
            points={alert.points}
            marks={alertMarks(alert, alert.points)}
            limit={chartLimit(alert)}
            compact={mobile}
          />
        }
        mobile={mobile}
        pane={pane}
        onPaneChange={setPane}
        listLabel="Facts"
      />
    </PageContainer>
  );
}

function AlertFacts({ alert }: { alert: RuleAlertDetail }) {
  const dateTime = useDateTime();
  const roles = useSession((s) => s.user?.roles);
  const canTrips = checkPermission(roles, ['feature_trips']);
  const canRule = checkPermission(roles, ['feature_rules_view', 'feature_rules_edit']);
  const duration = alertDuration(alert);
  const evidence = evidenceFacts(alert.type, alert.evidence);
  const unit =
    alert.reg && alert.reg !== alert.unit_name
      ? `${alert.unit_name} (${alert.reg})`
      : alert.unit_name;

  return (
    <div className="rule-alert-facts">
      <section aria-labelledby="rule-alert-what">
        <h2 id="rule-alert-what">What happened</h2>
        <p className="rule-alert-headline" data-testid="rule-alert-summary">
          {alert.summary}
        </p>
        {alert.open && <Alert type="warning" showIcon title="This incident is still going on." />}
      </section>
      <Descriptions
        column={1}
        size="small"
        bordered
        className="rule-alert-descriptions"
        items={[
          {
            key: 'rule',
            label: 'Rule',
            children: alert.rule ? alert.rule_name : `${alert.rule_name} (deleted)`,
          },
          { key: 'type', label: 'Type', children: alert.type_name },
          { key: 'unit', label: 'Unit', children: unit },
          { key: 'start', label: 'Started', children: dateTime(alert.time) },
          {
            key: 'end',
            label: 'Ended',
            children: alert.end ? dateTime(alert.end) : <Tag color="orange">Going on</Tag>,
          },
          ...(duration === null
            ? []
            : [
                {
                  key: 'duration',
                  label: 'Duration',
                  children: duration < 3600 ? preciseDuration(duration) : formatDuration(duration),
                },
              ]),
          ...(alert.speed !== null && !evidence.some((f) => f.label === 'Peak speed')
            ? [{ key: 'speed', label: 'Speed', children: `${Math.round(alert.speed)} km/h` }]
            : []),
        ]}
      />
      {evidence.length > 0 && (
        <section aria-labelledby="rule-alert-evidence">
          <h2 id="rule-alert-evidence">Evidence</h2>
          <Descriptions
            column={1}
            size="small"
            bordered
            className="rule-alert-descriptions"
            items={evidence.map((f, i) => ({ key: `${i}`, label: f.label, children: f.value }))}
          />
        </section>
      )}
      <section aria-labelledby="rule-alert-links">
        <h2 id="rule-alert-links">See also</h2>
        <ul className="rule-alert-links">
          {canTrips && (
            <li>
              <Link to={alertTripPath(alert)}>Trips of {alert.unit_name} that day</Link>
            </li>
          )}
          {canRule && alert.rule && (
            <li>
              <Link to={ruleEditPath(alert.rid)}>The rule “{alert.rule.name}”</Link>
            </li>
          )}
          {!alert.rule && <li className="rule-alert-deleted">The rule was deleted.</li>}
          <li>
            <Link to={RULE_ALERTS_PATH}>All rule alerts</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
