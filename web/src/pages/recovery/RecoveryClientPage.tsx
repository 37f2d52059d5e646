// /recovery/client/{id} (issue 16 item 5; get_recovery_client): a client as the recovery desk sees
// it: its state and zone, whether it opted out of chase-ups, its units (each to its unit page, live
// map and trips), its contacts in the order to call them, its open chase-ups and its recovery
// history.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Popconfirm, Skeleton, Switch, Tag } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import {
  CHASEUP_KEYS,
  invalidateKeys,
  recoveryClientQuery,
  setClientChaseUp,
} from '../../api/recovery';
import PageContainer from '../../components/PageContainer';
import ChaseupTable from './desk/ChaseupTable';
import ContactList from './desk/ContactList';
import LinkButton from './views/LinkButton';
import RecoveryLogTable from './views/RecoveryLogTable';
import SectionCard from './views/SectionCard';
import UnitTable from './views/UnitTable';
import { NAMED_UNITS_MAX } from './views/useNamedUnits';
import { clientStateName, realtimeFleetPath, routeId } from './views/wording';
import './desk/desk.css';
import './views/views.css';

export function ChaseUpConsent({ chaseUp }: { chaseUp: boolean }) {
  return chaseUp ? (
    <Tag color="green">Chased up</Tag>
  ) : (
    <Tag color="red">Opted out: no chase-ups</Tag>
  );
}

/**
 * Whether the desk chases the client's vehicles: the client asked not to be called (SPEC §4
 * state 7). Turning it off asks first; either way the change log keeps who and when.
 */
function ChaseUpSwitch({ cid, name, chaseUp }: { cid: number; name: string; chaseUp: boolean }) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (on: boolean) => setClientChaseUp(cid, on),
    onSettled: () => void invalidateKeys(client, CHASEUP_KEYS),
  });
  return (
    <div className="recovery-chase-switch">
      <ChaseUpConsent chaseUp={chaseUp} />
      <Popconfirm
        open={confirming}
        title={`Stop chasing up ${name}?`}
        description="Its vehicles' panics and alarms will be filed as “Don't chase up” and never reach the queue."
        okText="Stop chase-ups"
        cancelText="Keep them"
        onConfirm={() => {
          setConfirming(false);
          change.mutate(false);
        }}
        onCancel={() => setConfirming(false)}
      >
        <Switch
          size="small"
          checked={chaseUp}
          loading={change.isPending}
          aria-label={`Chase up ${name}'s vehicles`}
          onChange={(on) => (on ? change.mutate(true) : setConfirming(true))}
        />
      </Popconfirm>
      {change.isError && (
        <span role="alert" className="recovery-error-text">
          Not changed: {change.error.message}
        </span>
      )}
    </div>
  );
}

export default function RecoveryClientPage() {
  const cid = routeId(useParams().id);
  const query = useQuery({ ...recoveryClientQuery(cid ?? 0), enabled: cid !== null });
  const view = query.data;

  if (cid === null)
    return (
      <PageContainer>
        <Alert type="warning" showIcon title="This address does not name a client." />
      </PageContainer>
    );

  const client = view?.client;
  // The live map reads each unit it names on its own: a big fleet shows its first units.
  const live = (view?.units ?? []).slice(0, NAMED_UNITS_MAX).map((u) => u.uid);
  const some = !!view && view.units.length > live.length;
  return (
    <PageContainer
      title={client ? client.name : undefined}
      subTitle={client ? `Client ${client.cid}` : 'Client'}
      extra={
        live.length > 0 && (
          <LinkButton to={realtimeFleetPath(live)} icon={<AimOutlined aria-hidden />}>
            {some ? `Live map of its first ${live.length} units` : 'Live map of its units'}
          </LinkButton>
        )
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title="The client could not be read"
          description={query.error.message}
        />
      ) : !view || !client ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="recovery-view">
          {!client.chase_up && (
            <Alert
              type="warning"
              showIcon
              title="This client opted out of chase-ups"
              description="Events of its units are not chased up by the desk (they are kept as “Don't chase up”)."
            />
          )}
          <SectionCard title="Client">
            <Descriptions
              className="recovery-facts"
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                {
                  key: 'state',
                  label: 'State',
                  children: (
                    <Tag color={client.state === 1 ? 'green' : undefined}>
                      {clientStateName(client.state)}
                    </Tag>
                  ),
                },
                { key: 'zone', label: 'Time zone', children: client.timezone || '—' },
                {
                  key: 'chase',
                  label: 'Chase-ups',
                  children: (
                    <ChaseUpSwitch cid={client.cid} name={client.name} chaseUp={client.chase_up} />
                  ),
                },
                { key: 'units', label: 'Units', children: view.units.length },
              ]}
            />
          </SectionCard>
          <SectionCard title="Units" count={view.units.length}>
            <UnitTable units={view.units} />
          </SectionCard>
          <div className="recovery-columns">
            <SectionCard title="Contacts" count={view.contacts.length}>
              <ContactList contacts={view.contacts} />
            </SectionCard>
            <SectionCard title="Open chase-ups" count={view.chaseup_events.length}>
              <ChaseupTable
                rows={view.chaseup_events}
                columns={['id', 'unit', 'type', 'state', 'age', 'assigned']}
                label="Open chase-ups"
                emptyText="No open chase-ups"
              />
            </SectionCard>
          </div>
          <SectionCard title="Recovery history" count={view.recovery_logs.length}>
            <RecoveryLogTable
              rows={view.recovery_logs}
              showUnit
              label="Recovery history"
              emptyText="No recoveries for this client"
            />
          </SectionCard>
        </div>
      )}
    </PageContainer>
  );
}
