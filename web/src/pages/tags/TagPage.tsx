// tag/add and tag/edit/{id} (SPEC §2 /portal/tag): a label's name, colour and vehicles; support
// users also make it global (every client sees it). Vehicles the save adds are checked against the
// rules that pick this label first (SPEC §5); a new label has no rule yet.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Switch } from 'antd';
import { fleetParams, type Tag, type TaskRequest } from '@fleet/common';
import { refreshFleetRecords, setTag, tagQuery } from '../../api/fleet';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { RecordLoading, recordMissing, RecordNotFound } from '../drivers/RecordStates';
import { useFormErrors } from '../vehicles/fieldErrors';
import { FormProblems } from '../vehicles/FormProblems';
import { ThemeColourField, useThemeColours } from '../vehicles/ThemeColourField';
import { VehiclesSelect } from '../vehicles/VehiclesSelect';
import { useLabelWarningCheck } from './labelWarnings';
import { TAGS_PATH } from './TagsPage';
import './tags.css';

const LABELS = { name: 'Name', colour: 'Colour', is_global: 'Global', uids: 'Vehicles' } as const;

export default function TagPage() {
  const { id } = useParams();
  return id === undefined ? <TagForm tag={null} /> : <EditTag id={id} />;
}

function EditTag({ id }: { id: string }) {
  const tgid = Number(id);
  const valid = Number.isInteger(tgid) && tgid > 0;
  // Silent: a missing or foreign label is said on the page, not in a toast.
  const query = useQuery({ ...tagQuery(tgid, { silent: true }), enabled: valid, retry: false });
  if (recordMissing(valid, query.error, query.isSuccess, Boolean(query.data?.tag))) {
    return <RecordNotFound what="Label" back={TAGS_PATH} backLabel="Back to the labels" />;
  }
  if (!query.data) return <RecordLoading label="Loading the label" />;
  return <TagForm key={query.data.tag.tgid} tag={query.data.tag} />;
}

function TagForm({ tag }: { tag: Tag | null }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const support = usePermission(['user_support']);
  const checkLabels = useLabelWarningCheck();
  const [themeColour] = useThemeColours();
  const [name, setName] = useState(tag?.name ?? '');
  const [colour, setColour] = useState(tag?.colour ?? themeColour.colour);
  const [isGlobal, setIsGlobal] = useState(tag?.is_global ?? false);
  const [uids, setUids] = useState<number[]>(tag?.uids ?? []);
  const [checking, setChecking] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const input: TaskRequest<'set_tag'> = useMemo(
    () => ({
      ...(tag ? { tgid: tag.tgid } : {}),
      name: name.trim(),
      colour,
      // Only support staff make a label global (the server refuses the field from others).
      ...(support ? { is_global: isGlobal } : {}),
      uids,
    }),
    [tag, name, colour, support, isGlobal, uids],
  );
  const form = useFormErrors(fleetParams.set_tag, input, LABELS, serverError);
  const errors = form.fields;

  const save = useMutation({
    mutationFn: () => setTag(input),
    onMutate: () => setServerError(null),
    onSuccess: ({ tag: saved }) => {
      notify.success(`Label ${saved.name} saved`);
      void refreshFleetRecords(client);
      navigate(TAGS_PATH);
    },
    onError: (error) => setServerError(error instanceof Error ? error.message : String(error)),
  });

  const submit = async () => {
    if (!form.check()) return;
    const added = tag ? uids.filter((uid) => !tag.uids.includes(uid)) : [];
    if (tag && added.length) {
      setChecking(true);
      try {
        if (!(await checkLabels([{ tgid: tag.tgid, uids: added }]))) return;
      } catch {
        // The call said why (a toast); nothing is saved without the check.
        return;
      } finally {
        setChecking(false);
      }
    }
    save.mutate();
  };

  const item = (field: keyof typeof LABELS, help?: string) => ({
    label: LABELS[field],
    htmlFor: `tag-${field}`,
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ?? help,
  });

  return (
    <PageContainer
      title={tag ? `Edit ${tag.name}` : undefined}
      subTitle={tag?.is_global ? 'A global label: every client sees it' : undefined}
    >
      <Card variant="borderless" className="tag-form">
        <Form layout="vertical" component="div">
          <Form.Item {...item('name')} required>
            <Input
              id="tag-name"
              value={name}
              maxLength={40}
              placeholder="e.g. Refrigerated"
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Item>
          <Form.Item {...item('colour')}>
            <ThemeColourField
              id="tag-colour"
              label="Label colour"
              value={colour}
              onChange={setColour}
            />
          </Form.Item>
          {support && (
            <Form.Item {...item('is_global', 'A global label is offered to every client')}>
              <Switch id="tag-is_global" checked={isGlobal} onChange={setIsGlobal} />
            </Form.Item>
          )}
          <Form.Item {...item('uids', 'The vehicles that carry this label')}>
            <VehiclesSelect id="tag-uids" value={uids} onChange={setUids} />
          </Form.Item>
        </Form>
        <FormProblems what="label" problems={form.problems} />
        <div className="tag-form-actions">
          <Button type="primary" loading={save.isPending || checking} onClick={() => void submit()}>
            Save
          </Button>
          <Button onClick={() => navigate(TAGS_PATH)}>Cancel</Button>
        </div>
      </Card>
    </PageContainer>
  );
}
