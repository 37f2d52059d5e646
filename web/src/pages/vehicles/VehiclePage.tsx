// vehicle/edit/{id} (SPEC §2 /portal/vehicles): one vehicle's form, loaded and saved here. A save
// sends only what changed; labels it adds are checked against the rules first (SPEC §5); then the
// vehicle lists and the unit list of the live map and the pickers are read again. Users without
// feature_vehicles_edit see the vehicle read-only.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatRelative, type VehicleInput } from '@fleet/common';
import { refreshFleetRecords, setVehicle, vehicleQuery } from '../../api/fleet';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { useNow } from '../../components/useNow';
import { RecordLoading, recordMissing, RecordNotFound } from '../drivers/RecordStates';
import { useLabelWarningCheck } from '../tags/labelWarnings';
import VehicleForm from './VehicleForm';
import VehicleCommands from './commands/VehicleCommands';
import { VEHICLE_EDIT_ROLES, VEHICLES_PATH } from './VehiclesPage';
import './vehicles.css';

export default function VehiclePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const now = useNow();
  const canEdit = usePermission(VEHICLE_EDIT_ROLES);
  const support = usePermission(['user_support']);
  const checkLabels = useLabelWarningCheck();
  const uid = Number(id);
  const valid = Number.isInteger(uid) && uid > 0;
  // Silent: a missing or foreign vehicle is said on the page, not in a toast.
  const query = useQuery({ ...vehicleQuery(uid, { silent: true }), enabled: valid, retry: false });
  const [serverError, setServerError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const save = useMutation({
    mutationFn: (input: VehicleInput) => setVehicle(input),
    onMutate: () => setServerError(null),
    onSuccess: ({ vehicle }) => {
      notify.success(`Vehicle ${vehicle.name} saved`);
      // The live map's unit list and every picker show the new name, icon, labels and state.
      void refreshFleetRecords(client);
      navigate(VEHICLES_PATH);
    },
    onError: (error) =>
      setServerError(error instanceof Error ? error.message : 'The server refused the vehicle'),
  });

  const submit = async (input: VehicleInput, added: number[]) => {
    if (added.length) {
      setChecking(true);
      try {
        const go = await checkLabels(added.map((tgid) => ({ tgid, uids: [uid] })));
        if (!go) return;
      } catch {
        // The call said why (a toast); nothing is saved without the check.
        return;
      } finally {
        setChecking(false);
      }
    }
    save.mutate(input);
  };

  if (recordMissing(valid, query.error, query.isSuccess, Boolean(query.data?.vehicle))) {
    return <RecordNotFound what="Vehicle" back={VEHICLES_PATH} backLabel="Back to the vehicles" />;
  }
  if (!query.data) return <RecordLoading label="Loading the vehicle" />;
  const vehicle = query.data.vehicle;
  const lastReport = vehicle.last_report
    ? `last report ${formatRelative(Date.parse(vehicle.last_report), now)}`
    : 'no report yet';
  return (
    <PageContainer
      title={canEdit ? `Edit ${vehicle.name}` : vehicle.name}
      subTitle={[vehicle.reg, lastReport, canEdit ? '' : 'read only'].filter(Boolean).join(', ')}
    >
      <VehicleForm
        key={vehicle.uid}
        vehicle={vehicle}
        readOnly={!canEdit}
        support={support}
        saving={save.isPending || checking}
        serverError={serverError}
        onSave={(input, added) => void submit(input, added)}
        onCancel={() => navigate(VEHICLES_PATH)}
      />
      <VehicleCommands uid={vehicle.uid} />
    </PageContainer>
  );
}
