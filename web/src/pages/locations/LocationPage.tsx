// locations/add/{lat}/{lng} and locations/edit/{lid}: the editor, loaded and saved here. Users
// without feature_locations_edit see the location read-only.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Result, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { MAP_DEFAULTS, RESULT, coordinatesInRange, type Location } from '@fleet/common';
import { call } from '../../api/call';
import { ApiError } from '../../api/errors';
import { taskKey, taskQuery } from '../../api/queries';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { OVERLAY_KEYS } from '../tracking/live/useOverlays';
import { LocationEditor } from './LocationEditor';
import {
  inputFromValues,
  newLocationValues,
  valuesFromLocation,
  type LocationFormValues,
} from './locationForm';
import './locations.css';

export const LOCATION_LIST_PATH = '/portal/locations/index_list';

export default function LocationPage() {
  const params = useParams();
  const lid = params.lid !== undefined ? Number(params.lid) : undefined;
  return lid === undefined ? (
    <AddLocation lat={params.lat} lng={params.lng} />
  ) : (
    <EditLocation lid={lid} />
  );
}

function useSaveLocation(lid: number | undefined) {
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: LocationFormValues) =>
      call('set_location', inputFromValues(values, lid), { silent: true }),
    onMutate: () => setServerError(null),
    onSuccess: ({ location }) => {
      notify.success(`Location ${location.name} saved`);
      void client.invalidateQueries({ queryKey: taskKey('get_locations') });
      void client.invalidateQueries({ queryKey: taskKey('get_location') });
      void client.invalidateQueries({ queryKey: OVERLAY_KEYS.locations });
      navigate(LOCATION_LIST_PATH);
    },
    onError: (error) =>
      setServerError(error instanceof Error ? error.message : 'The server refused the location'),
  });
  return { save, serverError };
}

function AddLocation({ lat, lng }: { lat?: string; lng?: string }) {
  const navigate = useNavigate();
  const { save, serverError } = useSaveLocation(undefined);
  const initial = useMemo(() => {
    const la = Number(lat);
    const lo = Number(lng);
    const centre =
      lat !== undefined &&
      lng !== undefined &&
      lat !== '' &&
      lng !== '' &&
      coordinatesInRange(la, lo)
        ? { lat: la, lon: lo }
        : { lat: MAP_DEFAULTS.lat, lon: MAP_DEFAULTS.lng };
    return newLocationValues(centre);
  }, [lat, lng]);
  return (
    <PageContainer subTitle="Draw the place on the map, name it and save">
      <LocationEditor
        initial={initial}
        editable
        saving={save.isPending}
        serverError={serverError}
        onSave={(values) => save.mutate(values)}
        onCancel={() => navigate(LOCATION_LIST_PATH)}
      />
    </PageContainer>
  );
}

function EditLocation({ lid }: { lid: number }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canEdit = usePermission(['feature_locations_edit']);
  const valid = Number.isInteger(lid) && lid > 0;
  const query = useQuery({
    ...taskQuery('get_location', { lid }, { silent: true }),
    enabled: valid,
    retry: false,
  });
  const { save, serverError } = useSaveLocation(lid);
  const remove = useMutation({
    mutationFn: (location: Location) => call('delete_location', { lid: location.lid }),
    onSuccess: (_, location) => {
      notify.success(`Location ${location.name} deleted`);
      client.removeQueries({ queryKey: taskKey('get_location', { lid }) });
      void client.invalidateQueries({ queryKey: taskKey('get_locations') });
      void client.invalidateQueries({ queryKey: OVERLAY_KEYS.locations });
      navigate(LOCATION_LIST_PATH);
    },
  });

  const notFound =
    !valid ||
    (query.error instanceof ApiError && query.error.result !== RESULT.NO_SESSION) ||
    (query.isSuccess && !query.data.location);
  if (notFound) {
    return (
      <PageContainer title="Location not found">
        <Result
          status="404"
          title="Location not found"
          subTitle={
            query.error instanceof Error
              ? query.error.message
              : 'There is no location with this number among your locations.'
          }
          extra={
            <Button type="primary" onClick={() => navigate(LOCATION_LIST_PATH)}>
              Back to the locations
            </Button>
          }
        />
      </PageContainer>
    );
  }
  if (!query.data) {
    return (
      <PageContainer>
        <div style={{ padding: 48, textAlign: 'center' }} aria-busy="true">
          <Spin size="large" aria-label="Loading the location" />
        </div>
      </PageContainer>
    );
  }
  const location = query.data.location;
  return (
    <PageContainer
      title={canEdit ? `Edit ${location.name}` : location.name}
      subTitle={canEdit ? 'Drag the shape or its corners, or type new coordinates' : 'Read only'}
    >
      <LocationEditor
        key={`${location.lid}-${location.updated}`}
        initial={valuesFromLocation(location)}
        editable={canEdit}
        saving={save.isPending}
        serverError={serverError}
        onSave={(values) => save.mutate(values)}
        onCancel={() => navigate(LOCATION_LIST_PATH)}
        actions={
          canEdit && (
            <Popconfirm
              title={`Delete ${location.name}?`}
              description="Its enter and exit events stay in the history. This cannot be undone."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutateAsync(location)}
            >
              <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                Delete
              </Button>
            </Popconfirm>
          )
        }
      />
    </PageContainer>
  );
}
