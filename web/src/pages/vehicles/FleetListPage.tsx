// vehicle/fleet_list (SPEC §2 /portal/vehicles): the client's fleets, sorted by name by the server
// (SPEC §4), each with its number of vehicles and their names (at most 3, then "... and N more",
// SPEC §9); fleets are added, renamed, given vehicles and deleted here.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Fleet } from '@fleet/common';
import { deleteFleet, refreshFleetRecords } from '../../api/fleet';
import DeleteButton from '../../components/DeleteButton';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { unitNames } from '../rules/ruleFormat';
import { useUnits } from '../tracking/common/useUnits';
import { FleetModal } from './FleetModal';
import { pagedTableProps, TableSearch } from './TableSearch';
import './vehicles.css';

const vehicleCount = (n: number) => `${n} vehicle${n === 1 ? '' : 's'}`;

export default function FleetListPage() {
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const { units } = useUnits();
  const [search, setSearch] = useState('');
  // undefined: no dialog; null: adding a fleet.
  const [editing, setEditing] = useState<Fleet | null | undefined>(undefined);
  const paged = usePagedQuery('get_fleets', search ? { search } : {}, (d) => d.fleets);
  const remove = useMutation({
    mutationFn: (row: Fleet) => deleteFleet(row.fid),
    onSuccess: (_, row) => {
      notify.success(`Fleet ${row.name} deleted`);
      void refreshFleetRecords(client);
    },
  });

  return (
    <PageContainer
      subTitle="Groups of vehicles that rules, reports and the trip pages pick together"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          Add fleet
        </Button>
      }
    >
      <Card variant="borderless">
        <TableSearch
          label="Search fleets by name"
          onSearch={(text) => {
            setSearch(text);
            paged.setPage(1);
          }}
        />
        <Table<Fleet>
          rowKey="fid"
          {...pagedTableProps(paged)}
          locale={{
            emptyText: search
              ? 'No fleet matches this search'
              : 'No fleets yet: add one to group vehicles',
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, row) => (
                <span className="vehicles-cell-lines">
                  <Typography.Text strong>{name}</Typography.Text>
                  {mobile && row.uids.length > 0 && (
                    <span className="fleets-members">{unitNames(row.uids, units)}</span>
                  )}
                </span>
              ),
            },
            {
              title: 'Vehicles',
              key: 'count',
              align: 'right',
              render: (_, row) => vehicleCount(row.uids.length),
            },
            {
              title: 'Members',
              key: 'members',
              responsive: ['lg'],
              render: (_, row) =>
                row.uids.length ? (
                  <span className="fleets-members">{unitNames(row.uids, units)}</span>
                ) : (
                  '—'
                ),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, row) => (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`Edit ${row.name}`}
                    onClick={() => setEditing(row)}
                  />
                  <DeleteButton
                    label={`Delete ${row.name}`}
                    title={`Delete the fleet ${row.name}?`}
                    description="Its vehicles stay; a rule that picks this fleet then applies to no vehicle. This cannot be undone."
                    onConfirm={() => remove.mutateAsync(row)}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing !== undefined && (
        <FleetModal
          key={editing?.fid ?? 'new'}
          fleet={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </PageContainer>
  );
}
