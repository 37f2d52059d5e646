// locations/index_list: the client's locations, sorted by name (by the server), searched by name,
// with edit, delete (asked first), add, KML import and export.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import {
  DownloadOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { Location } from '@fleet/common';
import { call } from '../../api/call';
import { taskKey } from '../../api/queries';
import { useDateTime } from '../../components/dates';
import { downloadText } from '../../components/download';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { Permission, usePermission } from '../../components/Permission';
import { usePagedQuery } from '../../components/usePagedQuery';
import { useIsMobile } from '../../layout/useResponsive';
import { useUnits } from '../tracking/common/useUnits';
import { OVERLAY_KEYS } from '../tracking/live/useOverlays';
import { addLocationPath } from './AddLocationHere';
import { KmlImportModal } from './KmlImportModal';
import { fleetCentre } from './fleetCentre';
import { shapeSummary } from './locationForm';
import './locations.css';
import DeleteButton from '../../components/DeleteButton';

const EDIT = ['feature_locations_edit'] as const;
/** The map page's roles (general_locations_list alone has only this table). */
const READ = ['feature_locations_view', 'feature_locations_edit'] as const;

export default function LocationListPage() {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const formatTime = useDateTime();
  const canEdit = usePermission(EDIT);
  const mobile = useIsMobile();
  const { units } = useUnits();
  const [search, setSearch] = useState('');
  const [importing, setImporting] = useState(false);
  const { query, rows, pagination, setPage } = usePagedQuery(
    'get_locations',
    search ? { search } : {},
    (d) => d.locations,
  );
  // The list, the map page's and the live map's copies of the locations.
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: taskKey('get_locations') }),
      client.invalidateQueries({ queryKey: OVERLAY_KEYS.locations }),
    ]);
  const remove = useMutation({
    mutationFn: (row: Location) => call('delete_location', { lid: row.lid }),
    onSuccess: (_, row) => {
      notify.success(`Location ${row.name} deleted`);
      void refresh();
    },
  });
  const exportKml = useMutation({
    mutationFn: () => call('get_kml', {}),
    onSuccess: ({ kml, count }) => {
      downloadText('locations.kml', kml, 'application/vnd.google-earth.kml+xml');
      notify.success(`${count} location${count === 1 ? '' : 's'} exported`);
    },
  });
  const addLocation = () => {
    const centre = fleetCentre(units);
    navigate(addLocationPath(centre.lat, centre.lon));
  };

  return (
    <PageContainer
      subTitle="Depots, customers and no-go zones: points with a radius, or polygons"
      extra={
        <Space wrap>
          <Permission roles={EDIT}>
            <Button type="primary" icon={<PlusOutlined />} onClick={addLocation}>
              Add location
            </Button>
          </Permission>
          <Permission roles={EDIT}>
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Import KML
            </Button>
          </Permission>
          <Button
            icon={<DownloadOutlined />}
            loading={exportKml.isPending}
            onClick={() => exportKml.mutate()}
          >
            Export KML
          </Button>
          <Permission roles={READ}>
            <Button
              icon={<EnvironmentOutlined />}
              onClick={() => navigate('/portal/locations/index')}
            >
              Map
            </Button>
          </Permission>
        </Space>
      }
    >
      <Card variant="borderless">
        <Input.Search
          className="table-search"
          placeholder="Search by name"
          aria-label="Search locations by name"
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Table<Location>
          rowKey="lid"
          loading={query.isFetching}
          dataSource={rows}
          pagination={pagination}
          // A phone fits the table to the screen (names wrap); wider screens keep lines whole.
          scroll={mobile ? undefined : { x: 'max-content' }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, row) => (
                <Space size={8}>
                  <span
                    className="location-colour-dot"
                    style={{ background: row.colour }}
                    role="img"
                    aria-label={`Colour ${row.colour}`}
                  />
                  <span className="location-row-text">
                    <Link to={`/portal/locations/edit/${row.lid}`}>{name}</Link>
                    {mobile && (
                      <span className="location-row-meta">
                        {row.type === 'point' ? 'Point' : 'Polygon'}, {shapeSummary(row)}
                      </span>
                    )}
                  </span>
                </Space>
              ),
            },
            {
              title: 'Type',
              dataIndex: 'type',
              responsive: ['sm'],
              render: (t: Location['type']) => <Tag>{t === 'point' ? 'Point' : 'Polygon'}</Tag>,
            },
            {
              title: 'Size',
              key: 'size',
              responsive: ['md'],
              render: (_, row) => shapeSummary(row),
            },
            {
              title: 'Address',
              dataIndex: 'address',
              responsive: ['md'],
              render: (a: string) => a || '—',
            },
            {
              title: 'Updated',
              dataIndex: 'updated',
              responsive: ['lg'],
              render: (v: string) => (v ? formatTime(v) : '—'),
            },
            {
              title: <span className="visually-hidden">Actions</span>,
              key: 'actions',
              align: 'right',
              render: (_, row) =>
                canEdit && (
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`Edit ${row.name}`}
                      onClick={() => navigate(`/portal/locations/edit/${row.lid}`)}
                    />
                    <DeleteButton
                      label={`Delete ${row.name}`}
                      title={`Delete ${row.name}?`}
                      onConfirm={() => remove.mutateAsync(row)}
                    />
                  </Space>
                ),
            },
          ]}
        />
      </Card>
      <KmlImportModal
        open={importing}
        onClose={() => setImporting(false)}
        onImported={() => void refresh()}
      />
    </PageContainer>
  );
}
