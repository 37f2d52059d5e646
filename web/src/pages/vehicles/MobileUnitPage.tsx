// vehicles/mobile/edit/{id} (SPEC §2; feature_mobile_units): a mobile unit's name and
// registration, and once it exists the phone's setup. `new` adds one: set_mobile_unit answers the
// unit with its generated device identifier, and the page moves to it to show the setup.
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { TASK_PARAMS, type MobileUnit, type TaskResponse } from '@fleet/common';
import { call } from '../../api/call';
import { taskKey, taskQuery } from '../../api/queries';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { FormField, FormProblems } from '../drivers/FormField';
import { RecordLoading, RecordNotFound, recordMissing } from '../drivers/RecordStates';
import { schemaFieldErrors, serverFieldErrors } from './fieldErrors';
import MobileSetupCard from './MobileSetupCard';
import { MOBILE_UNITS_PATH, mobileUnitPath, NEW_MOBILE_UNIT } from './MobileUnitsPage';
import './mobileUnits.css';

const LABELS = { name: 'Name', reg: 'Registration' } as const;
type Answer = TaskResponse<'set_mobile_unit'>;
const unitQuery = (uid: number) => taskQuery('get_mobile_unit', { uid }, { silent: true });

function MobileUnitForm({ unit, onSaved }: { unit: MobileUnit | null; onSaved(a: Answer): void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(unit?.name ?? '');
  const [reg, setReg] = useState(unit?.reg ?? '');
  const [tried, setTried] = useState(false);
  const input = { ...(unit ? { uid: unit.uid } : {}), name: name.trim(), reg: reg.trim() };
  const save = useMutation({
    mutationFn: () => call('set_mobile_unit', input, { silent: true }),
    onSuccess: onSaved,
  });
  const server = serverFieldErrors(save.error?.message ?? '', LABELS);
  const local = tried ? schemaFieldErrors(TASK_PARAMS.set_mobile_unit, input, LABELS).fields : {};
  const errors = { ...server.fields, ...local };
  const submit = () => {
    setTried(true);
    if (!Object.keys(schemaFieldErrors(TASK_PARAMS.set_mobile_unit, input, LABELS).fields).length)
      save.mutate();
  };
  return (
    <Card variant="borderless" className="mobile-unit-form">
      <Form layout="vertical" component="div">
        <FormField
          label="Name"
          htmlFor="mobile-name"
          required
          error={errors.name}
          help="How the phone shows on the map, e.g. Thabo’s phone"
        >
          <Input
            id="mobile-name"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField
          label="Registration"
          htmlFor="mobile-reg"
          error={errors.reg}
          help="Of the vehicle it travels in, if any"
        >
          <Input
            id="mobile-reg"
            maxLength={20}
            value={reg}
            onChange={(e) => setReg(e.target.value)}
          />
        </FormField>
      </Form>
      <FormProblems
        what="unit"
        refused={Boolean(save.error)}
        rest={server.rest}
        marked={Object.keys(local).length}
      />
      <Space wrap className="mobile-form-actions">
        <Button type="primary" loading={save.isPending} onClick={submit}>
          Save
        </Button>
        <Button onClick={() => navigate(MOBILE_UNITS_PATH)}>Back to mobile units</Button>
      </Space>
    </Card>
  );
}

export default function MobileUnitPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const added = (useLocation().state as { added?: boolean } | null)?.added === true;
  const notify = useNotify();
  const client = useQueryClient();
  const isNew = id === NEW_MOBILE_UNIT;
  const uid = Number(id);
  const valid = isNew || (Number.isInteger(uid) && uid > 0);
  const query = useQuery({ ...unitQuery(uid), enabled: valid && !isNew, retry: false });

  const saved = (answer: Answer) => {
    notify.success(`${answer.unit.name} saved`);
    // The answer is what get_mobile_unit would say: the page shows it without asking again.
    client.setQueryData(unitQuery(answer.unit.uid).queryKey, answer);
    void client.invalidateQueries({ queryKey: taskKey('get_mobile_units') });
    void client.invalidateQueries({ queryKey: taskKey('get_unit_list_full') });
    if (isNew) navigate(mobileUnitPath(answer.unit.uid), { state: { added: true } });
  };

  if (isNew) {
    return (
      <PageContainer title="Add Mobile Unit" subTitle="Name it, save it, then set up the phone">
        <MobileUnitForm unit={null} onSaved={saved} />
      </PageContainer>
    );
  }
  if (recordMissing(valid, query.error, query.isSuccess, Boolean(query.data?.unit))) {
    return (
      <RecordNotFound
        what="Mobile unit"
        gone="It may have been removed, or it belongs to another client."
        back={MOBILE_UNITS_PATH}
        backLabel="Back to mobile units"
      />
    );
  }
  if (!query.data) return <RecordLoading label="Loading the mobile unit" />;
  const { unit, setup } = query.data;
  return (
    <PageContainer
      title={`Edit ${unit.name}`}
      subTitle={unit.connected ? 'Connected' : 'Not connected yet'}
    >
      <Space orientation="vertical" size={16} className="full-width">
        {added && (
          <Alert
            type="success"
            showIcon
            title={`${unit.name} is added`}
            description="Now set up the phone below: it shows on the map from its first report."
          />
        )}
        <MobileUnitForm key={unit.uid} unit={unit} onSaved={saved} />
        <MobileSetupCard setup={setup} name={unit.name} />
      </Space>
    </PageContainer>
  );
}
