// rules/index (SPEC §2 /portal/rules): the client's rules, searched by name and filtered by type,
// 20 to a page (SPEC §9 rules filter size), each with the units it applies to (at most 3 names,
// then "... and N more"), its days and hours, its recipients and whether it is on.
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { RULE_TYPES, type Role, type Rule, type RuleTypeKey } from '@fleet/common';
import { deleteRule, fleetsQuery, RULE_KEYS, tagsQuery } from '../../api/rules';
import DeleteButton from '../../components/DeleteButton';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { useUnits } from '../tracking/common/useUnits';
import { formatWindow, unitNames } from './ruleFormat';
import './rules.css';

export const RULE_EDIT_ROLES: Role[] = ['feature_rules_edit'];
export const RULES_PATH = '/portal/rules/index';

const TYPE_OPTIONS = RULE_TYPES.map((t) => ({ value: t.key, label: t.name }));

function AddRuleButton() {
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/portal/rules/add')}>
      Add rule
    </Button>
  );
}

/** What a rule is for, and the way to make the first one. */
function NoRulesYet() {
  return (
    <Empty
      className="rules-empty"
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>No rules yet</Typography.Text>
          <Typography.Text type="secondary">
            A rule watches your vehicles and raises an alert when something goes wrong: speeding,
            moving at night, leaving a depot, a cut battery, towing and more. Alerts can be e-mailed
            or sent by SMS to the people you choose.
          </Typography.Text>
        </Space>
      }
    >
      <Permission roles={RULE_EDIT_ROLES}>
        <AddRuleButton />
      </Permission>
    </Empty>
  );
}

export default function RulesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const canEdit = usePermission(RULE_EDIT_ROLES);
  const { units } = useUnits();
  const tags = useQuery({ ...tagsQuery(), staleTime: 60_000 });
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000 });
  const tagNames = useMemo(
    () => new Map((tags.data?.tags ?? []).map((t) => [t.tgid, t.name])),
    [tags.data],
  );
  const fleetNames = useMemo(
    () => new Map((fleets.data?.fleets ?? []).map((f) => [f.fid, f.name])),
    [fleets.data],
  );
  const [search, setSearch] = useState('');
  const [type, setType] = useState<RuleTypeKey | undefined>(undefined);
  const filters = { ...(search ? { search } : {}), ...(type ? { type } : {}) };
  const { query, rows, pagination, setPage } = usePagedQuery('get_rules', filters, (d) => d.rules);
  const remove = useMutation({
    mutationFn: (row: Rule) => deleteRule(row.rid),
    onSuccess: (_, row) => {
      notify.success(`Rule ${row.name} deleted`);
      void Promise.all(RULE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });

  const appliesTo = (row: Rule) => {
    let what: string;
    if (row.apply_type === 'all') what = 'All units';
    else if (row.apply_type === 'units')
      what = `${row.apply_to.length} unit${row.apply_to.length === 1 ? '' : 's'}`;
    else if (row.apply_type === 'tags')
      what = `Labels: ${row.apply_to.map((id) => tagNames.get(id) ?? `label ${id}`).join(', ')}`;
    else
      what = `Fleet: ${row.fid !== null ? (fleetNames.get(row.fid) ?? `fleet ${row.fid}`) : '—'}`;
    const unsupported = row.unsupported_uids.length;
    return (
      <span className="rule-cell-lines">
        <span>{what}</span>
        {row.apply_type !== 'all' && (
          <Typography.Text type="secondary">
            {row.uids.length ? unitNames(row.uids, units) : 'No units yet'}
          </Typography.Text>
        )}
        {unsupported > 0 && (
          <Typography.Text type="warning">
            <WarningOutlined aria-hidden /> {unsupported} cannot trigger it
          </Typography.Text>
        )}
      </span>
    );
  };

  const filtered = Boolean(search || type);
  const empty = query.isSuccess && !filtered && (query.data?.count ?? 0) === 0;

  return (
    <PageContainer
      subTitle="Alerts for what matters to you: speeding, night driving, towing and more"
      extra={
        !empty && (
          <Permission roles={RULE_EDIT_ROLES}>
            <AddRuleButton />
          </Permission>
        )
      }
    >
      <Card variant="borderless">
        {empty ? (
          <NoRulesYet />
        ) : (
          <>
            <div className="rules-filters">
              <Input.Search
                className="table-search"
                placeholder="Search by name"
                aria-label="Search rules by name"
                allowClear
                onSearch={(value) => {
                  setSearch(value.trim());
                  setPage(1);
                }}
              />
              <Select<RuleTypeKey>
                className="rules-type-filter"
                aria-label="Filter by rule type"
                placeholder="All rule types"
                allowClear
                value={type}
                options={TYPE_OPTIONS}
                onChange={(value) => {
                  setType(value ?? undefined);
                  setPage(1);
                }}
              />
            </div>
            <Table<Rule>
              rowKey="rid"
              loading={query.isFetching}
              dataSource={rows}
              pagination={pagination}
              scroll={mobile ? undefined : { x: 'max-content' }}
              locale={{
                emptyText: (
                  <Typography.Text type="secondary">
                    {'No rule matches this search and type'}
                  </Typography.Text>
                ),
              }}
              columns={[
                {
                  title: 'Name',
                  dataIndex: 'name',
                  render: (name: string, row) => (
                    <span className="rule-cell-lines">
                      <Link to={`/portal/rules/edit/${row.rid}`}>{name}</Link>
                      {mobile && (
                        <Typography.Text type="secondary">
                          {row.type_name}, {formatWindow(row)}
                        </Typography.Text>
                      )}
                    </span>
                  ),
                },
                { title: 'Type', dataIndex: 'type_name', responsive: ['sm'] },
                { title: 'Applies to', key: 'applies', render: (_, row) => appliesTo(row) },
                {
                  title: 'Days and hours',
                  key: 'window',
                  responsive: ['sm'],
                  render: (_, row) => formatWindow(row),
                },
                {
                  title: 'Recipients',
                  key: 'recipients',
                  align: 'right',
                  responsive: ['md'],
                  render: (_, row) => row.emails.length + row.sms.length + row.phones.length,
                },
                {
                  title: 'Active',
                  dataIndex: 'active',
                  render: (active: boolean) =>
                    active ? <Tag color="green">Active</Tag> : <Tag>Off</Tag>,
                },
                {
                  title: <span className="visually-hidden">Actions</span>,
                  key: 'actions',
                  align: 'right',
                  render: (_, row) => (
                    <Space size={4}>
                      {!mobile && (
                        <Button
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={`${canEdit ? 'Edit' : 'Open'} ${row.name}`}
                          onClick={() => navigate(`/portal/rules/edit/${row.rid}`)}
                        />
                      )}
                      {canEdit && (
                        <DeleteButton
                          label={`Delete ${row.name}`}
                          title={`Delete the rule ${row.name}?`}
                          description="It stops raising alerts; the alerts it raised stay. This cannot be undone."
                          onConfirm={() => remove.mutateAsync(row)}
                        />
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </>
        )}
      </Card>
    </PageContainer>
  );
}
