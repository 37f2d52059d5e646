// drivers/add_driver/{add_new}, drivers/edit_driver/{id} and drivers/edit_driver (a new person):
// the person form, loaded and saved here (SPEC §2 /portal/drivers). add_driver/1 starts with the
// Driver role ticked. Users without feature_drivers_edit see the person read-only.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { PersonDetail } from '@fleet/common';
import { deletePerson, PEOPLE_KEYS, personQuery, setPerson } from '../../api/people';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import DriverActivity from './DriverActivity';
import DriverForm from './DriverForm';
import { RecordLoading, RecordNotFound, recordMissing } from './RecordStates';
import {
  inputFromValues,
  newPersonValues,
  valuesFromPerson,
  type DriverFormValues,
} from './driverForm';
import { DELETE_PERSON_NOTE, DRIVERS_PATH, DRIVER_EDIT_ROLES } from './DriversPage';
import { fullName } from './personWording';
import './drivers.css';

export default function DriverPage() {
  const params = useParams();
  if (params.id !== undefined) return <EditPerson id={params.id} />;
  // add_driver/1 (the drivers list's button) adds a driver; edit_driver alone, a person.
  return <AddPerson driver={params.add_new === undefined || params.add_new === '1'} />;
}

function useSavePerson(pid: number | undefined) {
  const client = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: DriverFormValues) => setPerson(inputFromValues(values, pid)),
    onMutate: () => setServerError(null),
    onSuccess: ({ person }) => {
      notify.success(`${fullName(person)} saved`);
      void Promise.all(PEOPLE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate(DRIVERS_PATH);
    },
    onError: (error) =>
      setServerError(error instanceof Error ? error.message : 'The server refused the person'),
  });
  return { save, serverError };
}

function AddPerson({ driver }: { driver: boolean }) {
  const navigate = useNavigate();
  const { save, serverError } = useSavePerson(undefined);
  const initial = useMemo(() => newPersonValues(driver), [driver]);
  return (
    <PageContainer
      title={driver ? 'Add Driver' : 'Add Person'}
      subTitle="A driver, a contact or both: their roles say which"
    >
      <DriverForm
        initial={initial}
        readOnly={false}
        saving={save.isPending}
        serverError={serverError}
        onSave={(values) => save.mutate(values)}
        onCancel={() => navigate(DRIVERS_PATH)}
      />
    </PageContainer>
  );
}

function EditPerson({ id }: { id: string }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const canEdit = usePermission(DRIVER_EDIT_ROLES);
  const pid = Number(id);
  const valid = Number.isInteger(pid) && pid > 0;
  // Silent: a missing or foreign person is said on the page, not in a toast.
  const query = useQuery({ ...personQuery(pid, { silent: true }), enabled: valid, retry: false });
  const { save, serverError } = useSavePerson(pid);
  const remove = useMutation({
    mutationFn: (person: PersonDetail) => deletePerson(person.pid),
    onSuccess: (_, person) => {
      notify.success(`${fullName(person)} deleted`);
      client.removeQueries({ queryKey: personQuery(pid).queryKey });
      void Promise.all(PEOPLE_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
      navigate(DRIVERS_PATH);
    },
  });

  if (recordMissing(valid, query.error, query.isSuccess, Boolean(query.data?.person))) {
    return <RecordNotFound what="Person" back={DRIVERS_PATH} backLabel="Back to the drivers" />;
  }
  if (!query.data) return <RecordLoading label="Loading the person" />;
  const person = query.data.person;
  const name = fullName(person);
  return (
    <PageContainer
      title={canEdit ? `Edit ${name}` : name}
      subTitle={canEdit ? undefined : 'Read only'}
    >
      <Space orientation="vertical" size={16} className="full-width">
        <DriverForm
          key={person.pid}
          initial={valuesFromPerson(person)}
          readOnly={!canEdit}
          saving={save.isPending}
          serverError={serverError}
          onSave={(values) => save.mutate(values)}
          onCancel={() => navigate(DRIVERS_PATH)}
          actions={
            canEdit && (
              <Popconfirm
                title={`Delete ${name}?`}
                description={DELETE_PERSON_NOTE}
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(person)}
              >
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  Delete
                </Button>
              </Popconfirm>
            )
          }
        />
        <DriverActivity person={person} />
      </Space>
    </PageContainer>
  );
}
