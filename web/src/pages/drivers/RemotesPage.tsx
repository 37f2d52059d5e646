// drivers/remotes/index (SPEC §2; menu_remotes): the client's panic remotes, each paired to a
// vehicle, with who holds it, its battery and its last press; a row opens to its latest presses.
// A press is a panic-remote chase-up (SPEC §8 type 7) at the recovery desk.
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { DownOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import type { Remote } from '@fleet/common';
import { deleteRemote, REMOTE_KEYS, remotesQuery } from '../../api/people';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { useNow } from '../../components/useNow';
import { useIsMobile } from '../../layout/useResponsive';
import { vehiclePath } from './DriverActivity';
import RemoteModal from './RemoteModal';
import RemotePresses from './RemotePresses';
import TimeAgo from './TimeAgo';
import RowActions, { actionsColumn } from './RowActions';
import './drivers.css';

const BATTERY: Record<Remote['battery_state'], { colour: string; text: string }> = {
  ok: { colour: 'green', text: 'Battery OK' },
  low: { colour: 'red', text: 'Battery low' },
  unknown: { colour: 'default', text: 'Battery unknown' },
};

const WHAT_A_REMOTE_IS =
  'A remote is a panic button paired to one of your vehicles. A press reaches the recovery desk at once, wherever the vehicle is.';

function BatteryTag({ state }: { state: Remote['battery_state'] }) {
  return <Tag color={BATTERY[state]?.colour}>{BATTERY[state]?.text ?? state}</Tag>;
}

const holderOf = (r: Remote) => r.holder?.name || r.holder_name || '—';

export default function RemotesPage() {
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const now = useNow(60_000);
  const query = useQuery(remotesQuery());
  const rows = query.data?.remotes ?? [];
  // undefined: closed; null: adding; a remote: editing it.
  const [editing, setEditing] = useState<Remote | null | undefined>(undefined);
  const remove = useMutation({
    mutationFn: (row: Remote) => deleteRemote(row.id),
    onSuccess: (_, row) => {
      notify.success(`Remote ${row.remote_id} deleted`);
      void Promise.all(REMOTE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const empty = query.isSuccess && rows.length === 0;
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
      Add remote
    </Button>
  );

  return (
    <PageContainer subTitle="Panic buttons paired to your vehicles" extra={!empty && addButton}>
      <Card variant="borderless">
        {empty ? (
          <Empty
            className="drivers-empty"
            description={
              <Space orientation="vertical" size={4}>
                <Typography.Text strong>No remotes yet</Typography.Text>
                <Typography.Text type="secondary">{WHAT_A_REMOTE_IS}</Typography.Text>
              </Space>
            }
          >
            {addButton}
          </Empty>
        ) : (
          <>
            <Typography.Paragraph type="secondary" className="remotes-intro">
              {WHAT_A_REMOTE_IS}
            </Typography.Paragraph>
            <Table<Remote>
              rowKey="id"
              loading={query.isFetching}
              dataSource={rows}
              pagination={rows.length > 20 ? { pageSize: 20 } : false}
              scroll={mobile ? undefined : { x: 'max-content' }}
              expandable={{
                columnTitle: <span className="visually-hidden">Presses</span>,
                expandedRowRender: (row) => <RemotePresses id={row.id} uid={row.uid} />,
                expandIcon: ({ expanded, onExpand, record }) => (
                  <Button
                    type="text"
                    size="small"
                    aria-expanded={expanded}
                    aria-label={`${expanded ? 'Hide' : 'Show'} the presses of remote ${record.remote_id}`}
                    icon={expanded ? <DownOutlined /> : <RightOutlined />}
                    onClick={(e) => onExpand(record, e)}
                  />
                ),
              }}
              columns={[
                {
                  title: 'Remote id',
                  dataIndex: 'remote_id',
                  render: (id: string, row) => (
                    <span className="driver-cell-lines">
                      <code>{id}</code>
                      {mobile && (
                        <Typography.Text type="secondary">{holderOf(row)}</Typography.Text>
                      )}
                      {mobile && <BatteryTag state={row.battery_state} />}
                    </span>
                  ),
                },
                {
                  title: 'Vehicle',
                  dataIndex: 'unit_name',
                  render: (name: string, row) => <Link to={vehiclePath(row.uid)}>{name}</Link>,
                },
                {
                  title: 'Held by',
                  key: 'holder',
                  responsive: ['md'],
                  render: (_, row) => holderOf(row),
                },
                {
                  title: 'Battery',
                  dataIndex: 'battery_state',
                  // On a phone the battery is a line of the first cell, so the table fits.
                  responsive: ['sm'],
                  render: (state: Remote['battery_state']) => <BatteryTag state={state} />,
                },
                {
                  title: 'Last press',
                  dataIndex: 'last_press',
                  responsive: ['sm'],
                  render: (at: string | null) => <TimeAgo at={at} now={now} />,
                },
                actionsColumn((row: Remote) => (
                  <RowActions
                    name={`remote ${row.remote_id}`}
                    canEdit
                    onEdit={() => setEditing(row)}
                    onDelete={() => remove.mutateAsync(row)}
                    deleteNote="Its presses stop reaching the recovery desk. This cannot be undone."
                  />
                )),
              ]}
            />
          </>
        )}
      </Card>
      {editing !== undefined && (
        <RemoteModal remote={editing} onClose={() => setEditing(undefined)} />
      )}
    </PageContainer>
  );
}
