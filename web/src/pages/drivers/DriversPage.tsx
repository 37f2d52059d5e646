// drivers/index (SPEC §2 /portal/drivers): the client's people, drivers only or everyone, searched,
// filtered by role and sorted by the server, 20 to a page (SPEC §9); with their roles in SPEC §6
// wording (never 11, DELETED), how to reach them, their driver tag, licence and current vehicle.
// Export writes every page as CSV; Import reads one back.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Avatar,
  Button,
  Card,
  Empty,
  Input,
  Segmented,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { SorterResult, SortOrder } from 'antd/es/table/interface';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type Person, type Role } from '@fleet/common';
import { call } from '../../api/call';
import { deletePerson, PEOPLE_KEYS } from '../../api/people';
import { downloadText } from '../../components/download';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import LicenceExpiry, { useToday } from './LicenceExpiry';
import PeopleImport from './PeopleImport';
import RowActions, { actionsColumn } from './RowActions';
import { allPeople, peopleCsv, type PeopleFilters } from './peopleCsv';
import { fullName, initials, ROLE_CODES, roleLabel, roleTag, shownRoles } from './personWording';
import { vehiclePath } from './DriverActivity';
import './drivers.css';

export const DRIVER_EDIT_ROLES: Role[] = ['feature_drivers_edit'];
export const DRIVERS_PATH = '/portal/drivers/index';
export const DELETE_PERSON_NOTE =
  'They leave the list and stop being offered as a driver; their trips and reports keep their name.';

type Sort = NonNullable<PeopleFilters['sort']>;
type Order = NonNullable<PeopleFilters['order']>;
const DEFAULT_SORT: { sort: Sort; order: Order } = { sort: 'rank', order: 'asc' };

const ROLE_OPTIONS = ROLE_CODES.map((code) => ({ value: code, label: roleLabel(code) }));
const editPath = (pid: number) => `/portal/drivers/edit_driver/${pid}`;

function AddDriverButton() {
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => navigate('/portal/drivers/add_driver/1')}
    >
      Add driver
    </Button>
  );
}

/** What the page is for, and the way to add the first driver. */
function NoPeopleYet() {
  return (
    <Empty
      className="drivers-empty"
      description={
        <Space orientation="vertical" size={4}>
          <Typography.Text strong>No drivers yet</Typography.Text>
          <Typography.Text type="secondary">
            Add the people who drive your vehicles and the contacts of your company: their licence
            expiry is watched, their key fob or tag names them on every trip, and the recovery desk
            knows whom to call.
          </Typography.Text>
        </Space>
      }
    >
      <Permission roles={DRIVER_EDIT_ROLES}>
        <AddDriverButton />
      </Permission>
    </Empty>
  );
}

const antOrder = (order: Order): SortOrder => (order === 'asc' ? 'ascend' : 'descend');

export default function DriversPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const today = useToday();
  const canEdit = usePermission(DRIVER_EDIT_ROLES);
  const [search, setSearch] = useState('');
  const [driversOnly, setDriversOnly] = useState(true);
  const [role, setRole] = useState<number | undefined>(undefined);
  const [sorting, setSorting] = useState(DEFAULT_SORT);
  const [importing, setImporting] = useState(false);
  const filters: PeopleFilters = {
    drivers_only: driversOnly,
    ...(search ? { search } : {}),
    ...(role !== undefined ? { role } : {}),
    ...sorting,
  };
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_people',
    filters,
    (d) => d.people,
  );
  const refresh = () =>
    Promise.all(PEOPLE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
  const remove = useMutation({
    mutationFn: (row: Person) => deletePerson(row.pid),
    onSuccess: (_, row) => {
      notify.success(`${fullName(row)} deleted`);
      void refresh();
    },
  });
  const exportCsv = useMutation({
    mutationFn: () => allPeople(filters, (request) => call('get_people', request)),
    onSuccess: (people) => {
      downloadText(driversOnly ? 'drivers.csv' : 'people.csv', peopleCsv(people), 'text/csv');
      notify.success(`${people.length} ${people.length === 1 ? 'person' : 'people'} exported`);
    },
  });

  const sortOrder = (key: Sort): SortOrder =>
    sorting.sort === key ? antOrder(sorting.order) : null;
  const sortable = (key: Sort) => ({
    key,
    sorter: true,
    sortOrder: sortOrder(key),
    sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
  });

  const filtered = Boolean(search || role !== undefined || !driversOnly);
  const empty = query.isSuccess && !filtered && (query.data?.count ?? 0) === 0;

  return (
    <PageContainer
      subTitle="The people who drive your vehicles, and your company’s contacts"
      extra={
        <Space wrap>
          {!empty && (
            <Permission roles={DRIVER_EDIT_ROLES}>
              <AddDriverButton />
            </Permission>
          )}
          <Permission roles={DRIVER_EDIT_ROLES}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
          </Permission>
          {!empty && (
            <Button
              icon={<DownloadOutlined />}
              loading={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              Export CSV
            </Button>
          )}
        </Space>
      }
    >
      <Card variant="borderless">
        {empty ? (
          <NoPeopleYet />
        ) : (
          <>
            <div className="drivers-filters">
              <Input.Search
                className="table-search"
                placeholder="Search by name"
                aria-label="Search people by name"
                allowClear
                onSearch={(value) => {
                  setSearch(value.trim());
                  setPage(1);
                }}
              />
              <Segmented<'drivers' | 'everyone'>
                aria-label="Who to list"
                value={driversOnly ? 'drivers' : 'everyone'}
                options={[
                  { value: 'drivers', label: 'Drivers only' },
                  { value: 'everyone', label: 'Everyone' },
                ]}
                onChange={(value) => {
                  setDriversOnly(value === 'drivers');
                  setPage(1);
                }}
              />
              <Select<number>
                className="drivers-role-filter"
                aria-label="Filter by role"
                placeholder="All roles"
                virtual={false}
                allowClear
                value={role}
                options={ROLE_OPTIONS}
                onChange={(value) => {
                  setRole(value ?? undefined);
                  setPage(1);
                }}
              />
            </div>
            <Table<Person>
              rowKey="pid"
              loading={query.isFetching}
              dataSource={rows}
              pagination={pagination}
              scroll={mobile ? undefined : { x: 'max-content' }}
              locale={{
                emptyText: (
                  <Typography.Text type="secondary">
                    {'Nobody matches this search and these filters'}
                  </Typography.Text>
                ),
              }}
              onChange={(_, __, sorter) => {
                const s = (Array.isArray(sorter) ? sorter[0] : sorter) as
                  SorterResult<Person> | undefined;
                const key = s?.columnKey as Sort | undefined;
                setSorting(
                  key && s?.order
                    ? { sort: key, order: s.order === 'ascend' ? 'asc' : 'desc' }
                    : DEFAULT_SORT,
                );
                setPage(1);
              }}
              columns={[
                {
                  title: 'First name',
                  dataIndex: 'first_name',
                  ...sortable('name'),
                  render: (_: string, row) => (
                    <span className="driver-name-cell">
                      <Avatar size={32} aria-hidden>
                        {initials(row)}
                      </Avatar>
                      <span className="driver-cell-lines">
                        <Link to={editPath(row.pid)}>
                          {mobile ? fullName(row) : row.first_name || '—'}
                        </Link>
                        {mobile && row.cellphone && (
                          <a href={`tel:${row.cellphone}`}>{row.cellphone}</a>
                        )}
                      </span>
                    </span>
                  ),
                },
                {
                  title: 'Surname',
                  dataIndex: 'surname',
                  responsive: ['md'],
                  ...sortable('surname'),
                },
                {
                  title: 'Roles',
                  key: 'roles',
                  responsive: ['md'],
                  render: (_, row) => (
                    <span className="driver-tags">
                      {shownRoles(row.roles).map((code) => (
                        <Tag key={code} title={roleLabel(code)}>
                          {roleTag(code)}
                        </Tag>
                      ))}
                    </span>
                  ),
                },
                {
                  title: 'Rank',
                  dataIndex: 'rank',
                  align: 'right',
                  responsive: ['lg'],
                  ...sortable('rank'),
                },
                {
                  title: 'Cellphone',
                  dataIndex: 'cellphone',
                  responsive: ['md'],
                  render: (v: string | null) => (v ? <a href={`tel:${v}`}>{v}</a> : '—'),
                },
                {
                  title: 'E-mail',
                  dataIndex: 'email',
                  responsive: ['lg'],
                  render: (v: string | null) => (v ? <a href={`mailto:${v}`}>{v}</a> : '—'),
                },
                {
                  title: 'Driver tag',
                  dataIndex: 'driver_tag',
                  responsive: ['lg'],
                  render: (v: string | null) => (v ? <code>{v}</code> : '—'),
                },
                {
                  title: 'Licence',
                  dataIndex: 'licence_expiry',
                  ...sortable('licence_expiry'),
                  render: (_: string | null, row) => <LicenceExpiry person={row} today={today} />,
                },
                {
                  title: 'Current vehicle',
                  key: 'vehicle',
                  responsive: ['sm'],
                  render: (_, row) =>
                    row.current_vehicle ? (
                      <Link to={vehiclePath(row.current_vehicle.uid)}>
                        {row.current_vehicle.name}
                      </Link>
                    ) : (
                      '—'
                    ),
                },
                actionsColumn((row: Person) => (
                  <RowActions
                    name={fullName(row)}
                    canEdit={canEdit}
                    onEdit={mobile ? undefined : () => navigate(editPath(row.pid))}
                    onDelete={() => remove.mutateAsync(row)}
                    deleteNote={DELETE_PERSON_NOTE}
                  />
                )),
              ]}
            />
          </>
        )}
      </Card>
      <PeopleImport
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
    </PageContainer>
  );
}
