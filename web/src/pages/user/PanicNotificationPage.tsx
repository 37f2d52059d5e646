// Panic Notifications (SPEC §2 /portal/panic_notification, §6 general_panic_notifications; issue 11
// item 6): who gets an e-mail or an SMS when a panic button is pressed. Each entry is checked as
// the server checks it (SPEC §5 e-mail rule, isValidPhone) before anything is sent; what is still
// typed in a box counts as an entry. The server's refusal is shown beside the list it names.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form } from 'antd';
import type { PanicNotificationSettings } from '@fleet/common';
import { setPanicNotificationSettings } from '../../api/alerts';
import { taskQuery } from '../../api/queries';
import { useNotify } from '../../components/notify';
import PageContainer from '../../components/PageContainer';
import PageLoading from '../../components/PageLoading';
import { fieldMessages } from '../alerts/notices/noticeFormat';
import RecipientsField from '../rules/RecipientsField';
import { recipientProblem, splitRecipients } from '../rules/ruleForm';
// RecipientsField's list styles (24 px remove buttons) live with the rule pages.
import '../rules/rules.css';

type Kind = 'emails' | 'sms';
const KINDS = ['emails', 'sms'] as const;

const FIELDS: Record<Kind, { label: string; help: string; placeholder: string }> = {
  emails: {
    label: 'E-mail addresses',
    help: 'Each address gets an e-mail saying which unit raised the panic, where and when.',
    placeholder: 'name@example.com',
  },
  sms: {
    label: 'SMS numbers',
    help: 'Each number gets a text message. Digits, optionally starting with +, e.g. +27 82 555 0101.',
    placeholder: '+27 82 555 0101',
  },
};

const settingsQuery = () => taskQuery('get_panic_notification_settings', {});

/** A list with what is still typed in its box, or the first entry that is not valid. */
export function withDraft(
  kind: Kind,
  list: readonly string[],
  draft: string,
): { list: string[]; problem: string | null } {
  const typed = splitRecipients(kind, draft).filter((e) => !list.includes(e));
  const all = [...list, ...typed];
  const bad = all.find((e) => recipientProblem(kind, e) !== null);
  return { list: all, problem: bad === undefined ? null : recipientProblem(kind, bad) };
}

export default function PanicNotificationPage() {
  const client = useQueryClient();
  const notify = useNotify();
  // Read once: a refetch on focus would throw away what the user is typing.
  const query = useQuery({ ...settingsQuery(), staleTime: Infinity, refetchOnWindowFocus: false });
  const [lists, setLists] = useState<PanicNotificationSettings>({ emails: [], sms: [] });
  const [drafts, setDrafts] = useState<Record<Kind, string>>({ emails: '', sms: '' });
  const [errors, setErrors] = useState<Partial<Record<Kind, string>>>({});
  const [refusal, setRefusal] = useState<string[]>([]);

  const loaded = query.data?.panic_notification_settings;
  useEffect(() => {
    if (loaded) setLists({ emails: [...loaded.emails], sms: [...loaded.sms] });
  }, [loaded]);

  const save = useMutation({
    mutationFn: setPanicNotificationSettings,
    onSuccess: (saved) => {
      client.setQueryData(settingsQuery().queryKey, { panic_notification_settings: saved });
      setDrafts({ emails: '', sms: '' });
      const people = saved.emails.length + saved.sms.length;
      notify.success(
        people === 0
          ? 'Saved: nobody is told when a panic button is pressed'
          : `Saved: ${saved.emails.length} e-mail address${saved.emails.length === 1 ? '' : 'es'} and ${saved.sms.length} SMS number${saved.sms.length === 1 ? '' : 's'} will be told`,
      );
    },
    onError: (error) => {
      const { fields, rest } = fieldMessages(error.message, KINDS);
      setErrors(fields);
      setRefusal(rest);
    },
  });

  const submit = () => {
    setRefusal([]);
    const next: PanicNotificationSettings = { emails: [], sms: [] };
    const found: Partial<Record<Kind, string>> = {};
    for (const kind of KINDS) {
      const { list, problem } = withDraft(kind, lists[kind], drafts[kind]);
      next[kind] = list;
      if (problem) found[kind] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setLists(next);
    save.mutate(next);
  };

  if (query.isPending) return <PageLoading />;

  return (
    <PageContainer subTitle="Who is told by e-mail or SMS the moment a panic button in your fleet is pressed">
      <Card variant="borderless" className="narrow-card">
        {query.isError ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="The panic notification settings could not be read"
            description={query.error.message}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <Form layout="vertical" requiredMark={false} onFinish={submit}>
            {refusal.length > 0 && (
              <Alert
                type="error"
                showIcon
                role="alert"
                className="form-alert"
                title={refusal.join(' ')}
              />
            )}
            {KINDS.map((kind) => (
              <RecipientsField
                key={kind}
                kind={kind}
                id={`panic-${kind}`}
                label={FIELDS[kind].label}
                help={FIELDS[kind].help}
                placeholder={FIELDS[kind].placeholder}
                list={lists[kind]}
                draft={drafts[kind]}
                error={errors[kind]}
                disabled={save.isPending}
                onChange={(list, draft) => {
                  setErrors((e) => ({ ...e, [kind]: undefined }));
                  setLists((l) => ({ ...l, [kind]: list }));
                  setDrafts((d) => ({ ...d, [kind]: draft }));
                }}
              />
            ))}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        )}
      </Card>
    </PageContainer>
  );
}
