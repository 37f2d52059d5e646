// vehicle/index (SPEC §2 /portal/vehicles): the client's vehicles, 20 to a page (SPEC §9), searched,
// filtered by state (SPEC §4 client view), class, label and fleet and sorted by the server; a row
// opens the vehicle. The list goes out as a CSV file (built here, SPEC §7) and comes back in
// through the CSV import, which shows what each row would do before anything is stored.
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  formatRelative,
  type Role,
  type Vehicle,
  type VehicleClass,
  type VehicleSort,
} from '@fleet/common';
import {
  allVehicles,
  importVehicles,
  refreshFleetRecords,
  type VehicleFilters,
} from '../../api/fleet';
import { fleetsQuery, tagsQuery } from '../../api/rules';
import { CsvImportModal } from '../../components/CsvImportModal';
import { useDateTime } from '../../components/dates';
import { downloadText } from '../../components/download';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useNow } from '../../components/useNow';
import { useIsMobile } from '../../layout/useResponsive';
import { LabelTag, labelOptions } from '../tags/LabelTag';
import {
  normaliseVehicleRow,
  VEHICLE_CSV_KEYS,
  vehiclesCsv,
  type VehicleImportRow,
} from './vehicleCsv';
import {
  classLabel,
  formatEngineHours,
  formatOdometer,
  VEHICLE_CLASS_OPTIONS,
} from './vehicleFormat';
import { pagedTableProps, TableSearch } from './TableSearch';
import './vehicles.css';

export const VEHICLE_EDIT_ROLES: Role[] = ['feature_vehicles_edit'];
export const VEHICLES_PATH = '/portal/vehicles/vehicle/index';
export const vehiclePath = (uid: number) => `/portal/vehicles/vehicle/edit/${uid}`;

type State = 'active' | 'disabled';
const STATE_OPTIONS: { value: State; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];
type Order = 'asc' | 'desc';
const SORT_ORDER = { asc: 'ascend', desc: 'descend' } as const;

/** One filter of the table; empty shows all. */
function FilterSelect<T extends string | number>({
  label,
  placeholder,
  searchBy,
  value,
  options,
  onChange,
}: {
  label: string;
  placeholder: string;
  /** The option field typed text is matched in; none: no typing. */
  searchBy?: 'label' | 'name';
  value: T | undefined;
  options: { value: T; label: ReactNode }[];
  onChange(value: T | undefined): void;
}) {
  return (
    <Select<T>
      className="vehicles-filter"
      aria-label={label}
      placeholder={placeholder}
      allowClear
      showSearch={searchBy ? { optionFilterProp: searchBy } : undefined}
      value={value}
      options={options}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

export default function VehiclesPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const mobile = useIsMobile();
  const now = useNow();
  const formatTime = useDateTime();
  const tags = useQuery({ ...tagsQuery(), staleTime: 60_000 });
  const fleets = useQuery({ ...fleetsQuery(), staleTime: 60_000 });
  const [search, setSearch] = useState('');
  const [state, setState] = useState<State>();
  const [vehicleClass, setVehicleClass] = useState<VehicleClass>();
  const [tgid, setTgid] = useState<number>();
  const [fid, setFid] = useState<number>();
  const [sort, setSort] = useState<{ sort: VehicleSort; order: Order }>({
    sort: 'name',
    order: 'asc',
  });
  const [importing, setImporting] = useState(false);

  const filters: VehicleFilters = useMemo(
    () => ({
      ...(search ? { search } : {}),
      ...(state ? { state } : {}),
      ...(vehicleClass ? { vehicle_class: vehicleClass } : {}),
      ...(tgid ? { tgid } : {}),
      ...(fid ? { fid } : {}),
      ...sort,
    }),
    [search, state, vehicleClass, tgid, fid, sort],
  );
  const paged = usePagedQuery('get_vehicles', filters, (d) => d.vehicles);
  /** A filter's setter that also goes back to the first page. */
  const refilter =
    <T,>(set: (value: T | undefined) => void) =>
    (value: T | undefined) => {
      set(value);
      paged.setPage(1);
    };

  const exportCsv = useMutation({
    mutationFn: () => allVehicles(filters),
    onSuccess: (vehicles) => {
      downloadText('vehicles.csv', vehiclesCsv(vehicles), 'text/csv;charset=utf-8');
      notify.success(`${vehicles.length} vehicle${vehicles.length === 1 ? '' : 's'} exported`);
    },
  });

  const sortable = (key: VehicleSort) => ({
    key,
    sorter: true,
    sortOrder: sort.sort === key ? SORT_ORDER[sort.order] : null,
    sortDirections: ['ascend' as const, 'descend' as const, 'ascend' as const],
  });
  const onSort = (sorter: SorterResult<Vehicle> | SorterResult<Vehicle>[]) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.order ? (one.columnKey as VehicleSort) : 'name';
    setSort({ sort: key, order: one?.order === 'descend' ? 'desc' : 'asc' });
    paged.setPage(1);
  };
  const filtered = Boolean(search || state || vehicleClass || tgid || fid);

  return (
    <PageContainer
      subTitle="Names, registrations, icons, drivers, labels and readings of your vehicles"
      extra={
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate()}
          >
            Export CSV
          </Button>
          <Permission roles={VEHICLE_EDIT_ROLES}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import CSV
            </Button>
          </Permission>
        </Space>
      }
    >
      <Card variant="borderless">
        <div className="vehicles-filters">
          <TableSearch
            label="Search vehicles"
            placeholder="Search name, registration, VIN"
            onSearch={(text) => {
              setSearch(text);
              paged.setPage(1);
            }}
          />
          <FilterSelect<State>
            label="Filter by state"
            placeholder="All states"
            value={state}
            options={STATE_OPTIONS}
            onChange={refilter(setState)}
          />
          <FilterSelect<VehicleClass>
            label="Filter by vehicle class"
            placeholder="All classes"
            searchBy="label"
            value={vehicleClass}
            options={VEHICLE_CLASS_OPTIONS}
            onChange={refilter(setVehicleClass)}
          />
          <FilterSelect<number>
            label="Filter by label"
            placeholder="All labels"
            searchBy="name"
            value={tgid}
            options={labelOptions(tags.data?.tags ?? [])}
            onChange={refilter(setTgid)}
          />
          <FilterSelect<number>
            label="Filter by fleet"
            placeholder="All fleets"
            searchBy="label"
            value={fid}
            options={(fleets.data?.fleets ?? []).map((f) => ({ value: f.fid, label: f.name }))}
            onChange={refilter(setFid)}
          />
        </div>
        <Table<Vehicle>
          rowKey="uid"
          {...pagedTableProps(paged)}
          onChange={(_, __, sorter, extra) => extra.action === 'sort' && onSort(sorter)}
          onRow={(row) => ({
            onClick: (event) => {
              // The name is a link of its own; a click elsewhere on the row opens the vehicle too.
              if (!(event.target as HTMLElement).closest('a')) navigate(vehiclePath(row.uid));
            },
            className: 'vehicles-row',
          })}
          locale={{
            emptyText: filtered ? 'No vehicle matches these filters' : 'No vehicles yet',
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              ...sortable('name'),
              render: (name: string, row) => (
                <span className="vehicles-cell-lines">
                  <Link to={vehiclePath(row.uid)}>{name}</Link>
                  {row.active !== 1 && <Tag className="vehicles-state">Disabled</Tag>}
                  {mobile && (
                    <Typography.Text type="secondary">
                      {[row.reg, classLabel(row.vehicle_class_ref)].filter(Boolean).join(', ')}
                    </Typography.Text>
                  )}
                </span>
              ),
            },
            { title: 'Registration', dataIndex: 'reg', responsive: ['lg'], ...sortable('reg') },
            {
              title: 'Class',
              dataIndex: 'vehicle_class_ref',
              responsive: ['lg'],
              ...sortable('vehicle_class_ref'),
              render: (ref: string) => classLabel(ref),
            },
            {
              title: 'Driver',
              dataIndex: 'driver',
              responsive: ['lg'],
              ...sortable('driver'),
              render: (_, row) => row.current_driver?.name ?? row.driver?.name ?? '—',
            },
            {
              title: 'Labels',
              dataIndex: 'tags',
              responsive: ['lg'],
              render: (_, row) => row.tags.map((t) => <LabelTag key={t.tgid} label={t} />),
            },
            {
              title: 'Last report',
              dataIndex: 'last_report',
              ...sortable('last_report'),
              render: (iso: string | null) =>
                iso ? (
                  <Tooltip title={formatTime(iso)}>
                    <span>{formatRelative(Date.parse(iso), now)}</span>
                  </Tooltip>
                ) : (
                  'Never'
                ),
            },
            {
              title: 'Odometer',
              dataIndex: 'odometer',
              align: 'right',
              responsive: ['lg'],
              ...sortable('odometer'),
              render: (km: number | null) => formatOdometer(km),
            },
            {
              title: 'Engine hours',
              dataIndex: 'engine_hours',
              align: 'right',
              responsive: ['xl'],
              ...sortable('engine_hours'),
              render: (hours: number | null) => formatEngineHours(hours),
            },
          ]}
        />
      </Card>
      <CsvImportModal<VehicleImportRow>
        open={importing}
        title="Import vehicles from CSV"
        noun={['vehicle', 'vehicles']}
        columns={VEHICLE_CSV_KEYS}
        required={['Name']}
        normalise={normaliseVehicleRow}
        run={importVehicles}
        onClose={() => setImporting(false)}
        onImported={() => void refreshFleetRecords(client)}
        explain={
          <Typography.Paragraph>
            A row whose registration is one of your vehicles updates it; any other row adds a
            vehicle. Empty cells leave what a vehicle has. Classes may be written as on this page
            (Large truck) or as exported (large_truck).
          </Typography.Paragraph>
        }
      />
    </PageContainer>
  );
}
