// Unit assignment (SPEC §2 edit_user_units): all units, or the chosen ones. Only a user manager
// (general_manage_all_users) may change it; others see it.
import { useEffect, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Result, Space, Switch, Table, Typography } from 'antd';
import type { UserUnit } from '@fleet/common';
import { taskKey } from '../../api/queries';
import { setUserUnits, userUnitsQuery } from '../../api/user';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import UserPagesNav from './UserPagesNav';
import { useTargetUser } from './useTargetUser';

export default function UserUnitsPage() {
  const target = useTargetUser();
  const canEdit = usePermission(['general_manage_all_users']);
  const notify = useNotify();
  const client = useQueryClient();
  const unitsQuery = userUnitsQuery(target.id);
  const { data, isLoading } = useQuery({ ...unitsQuery, enabled: target.valid });
  const [allUnits, setAllUnits] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (!data) return;
    setAllUnits(data.all_units);
    setSelected(data.units.filter((u) => u.assigned).map((u) => u.uid));
  }, [data]);

  const units = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = data?.units ?? [];
    return needle ? list.filter((u) => `${u.name} ${u.reg}`.toLowerCase().includes(needle)) : list;
  }, [data, filter]);

  const save = useMutation({
    mutationFn: () => setUserUnits(target.id, allUnits, allUnits ? [] : selected),
    onSuccess: () => {
      notify.success('Units saved');
      void client.invalidateQueries({ queryKey: unitsQuery.queryKey });
      // The user list counts units; your own assignment is also your unit list.
      void client.invalidateQueries({ queryKey: taskKey('get_users') });
      if (target.own) void client.invalidateQueries({ queryKey: taskKey('get_unit_list_full') });
    },
  });

  if (!target.valid) return <Result status="404" title="No such user" />;
  const dirty =
    !!data &&
    (allUnits !== data.all_units ||
      (!allUnits &&
        selected.slice().sort().join() !==
          data.units
            .filter((u) => u.assigned)
            .map((u) => u.uid)
            .sort()
            .join()));

  return (
    <PageContainer
      subTitle={target.own ? 'The units you can see' : `The units ${target.name} can see`}
      extra={<UserPagesNav target={target} />}
    >
      <Card variant="borderless" loading={isLoading}>
        <Space orientation="vertical" size="middle" className="full-width">
          <Space wrap>
            <Switch
              checked={allUnits}
              onChange={setAllUnits}
              disabled={!canEdit}
              aria-label="All units"
            />
            <span>
              <Typography.Text strong>All units</Typography.Text>
              <br />
              <Typography.Text type="secondary">Includes units added later.</Typography.Text>
            </span>
          </Space>
          {!canEdit && (
            <Alert
              type="info"
              showIcon
              title="Only a user manager can change which units a user sees."
            />
          )}
          {!allUnits && (
            <>
              <Space wrap className="units-toolbar">
                <Input.Search
                  placeholder="Find a unit by name or registration"
                  allowClear
                  onChange={(e) => setFilter(e.target.value)}
                  className="table-search"
                />
                <Typography.Text type="secondary">
                  {selected.length} of {data?.units.length ?? 0} selected
                </Typography.Text>
              </Space>
              <Table<UserUnit>
                rowKey="uid"
                size="small"
                dataSource={units}
                pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
                rowSelection={
                  canEdit
                    ? {
                        selectedRowKeys: selected,
                        preserveSelectedRowKeys: true,
                        onChange: (keys) => setSelected(keys.map(Number)),
                      }
                    : undefined
                }
                columns={[
                  { title: 'Unit', dataIndex: 'name' },
                  { title: 'Registration', dataIndex: 'reg', render: (r: string) => r || '—' },
                  ...(canEdit
                    ? []
                    : [
                        {
                          title: 'Assigned',
                          dataIndex: 'assigned',
                          render: (a: boolean) => (a ? 'Yes' : 'No'),
                        },
                      ]),
                ]}
              />
            </>
          )}
          {canEdit && (
            <Button
              type="primary"
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={!dirty}
            >
              Save units
            </Button>
          )}
        </Space>
      </Card>
    </PageContainer>
  );
}
