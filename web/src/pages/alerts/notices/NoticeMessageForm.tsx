// Writing or editing a notice (support users; issue 11 item 7, SPEC §3 Notice): title, type,
// priority, the message (HTML allowed, shown as it will be seen after cleaning) and who gets it:
// every client or chosen ones. The server cleans the HTML again and answers the stored notice.
import { useEffect, useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Typography,
  type FormInstance,
} from 'antd';
import type { NoticeMessage } from '@fleet/common';
import { setNoticeMessage, type NoticeMessageInput } from '../../../api/alerts';
import { sanitizeHtml } from '../../../components/sanitizeHtml';
import { fieldMessages, NOTICE_TYPE_OPTIONS } from './noticeFormat';
import { useClients } from './noticeClients';

export interface NoticeFormValues {
  title: string;
  type: 0 | 1 | 2;
  priority: number;
  message: string;
  audience: 'all' | 'chosen';
  client_ids: number[];
}

const FIELD_KEYS = ['title', 'type', 'priority', 'message', 'all_clients', 'client_ids'] as const;

export function formValuesOf(notice: NoticeMessage | null): NoticeFormValues {
  return notice
    ? {
        title: notice.title,
        type: notice.type,
        priority: notice.priority,
        message: notice.message,
        audience: notice.all_clients ? 'all' : 'chosen',
        client_ids: [...notice.client_ids],
      }
    : { title: '', type: 0, priority: 0, message: '', audience: 'all', client_ids: [] };
}

/** The set_notice_message request of the form's values. */
export function noticeInput(values: NoticeFormValues, tid?: number): NoticeMessageInput {
  const all = values.audience === 'all';
  return {
    ...(tid ? { tid } : {}),
    title: values.title.trim(),
    type: values.type,
    priority: values.priority,
    message: values.message,
    all_clients: all,
    client_ids: all ? [] : values.client_ids,
  };
}

function applyRefusal(form: FormInstance<NoticeFormValues>, message: string): string[] {
  const { fields, rest } = fieldMessages(message, FIELD_KEYS);
  form.setFields(
    Object.entries(fields).map(([key, text]) => ({
      name: key === 'all_clients' ? 'audience' : (key as keyof NoticeFormValues),
      errors: [String(text)],
    })),
  );
  return rest;
}

interface Props {
  /** null: a new notice. */
  notice: NoticeMessage | null;
  /** Names of clients already known (the list's), so chosen ones show by name at once. */
  knownNames: ReadonlyMap<number, string>;
  onClose: () => void;
  onSaved: (saved: NoticeMessage) => void;
}

export default function NoticeMessageForm({ notice, knownNames, onClose, onSaved }: Props) {
  const [form] = Form.useForm<NoticeFormValues>();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  // The server is asked once the user pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const [refusal, setRefusal] = useState<string[]>([]);
  const { query: clientsQuery, clients } = useClients(search);
  const message = Form.useWatch('message', form) ?? notice?.message ?? '';
  const audience =
    Form.useWatch('audience', form) ?? (notice && !notice.all_clients ? 'chosen' : 'all');
  const chosen: number[] = Form.useWatch('client_ids', form) ?? notice?.client_ids ?? [];
  const preview = useMemo(() => sanitizeHtml(message), [message]);

  // Names met in any search, so a client chosen from an earlier search keeps its name.
  const [found, setFound] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    if (clients.length === 0) return;
    setFound((prev) => new Map([...prev, ...clients.map((c) => [c.cid, c.name] as const)]));
  }, [clients]);

  // The picker offers what the server found for the search plus the clients already chosen.
  const options = useMemo(() => {
    const names = new Map([...knownNames, ...found]);
    const ids = [...new Set([...chosen, ...clients.map((c) => c.cid)])];
    return ids.map((cid) => ({ value: cid, label: names.get(cid) ?? `Client ${cid}` }));
  }, [clients, chosen, knownNames, found]);

  const save = useMutation({
    mutationFn: (values: NoticeFormValues) => setNoticeMessage(noticeInput(values, notice?.tid)),
    onSuccess: onSaved,
    onError: (error) => setRefusal(applyRefusal(form, error.message)),
  });

  return (
    <Modal
      open
      title={notice ? `Edit notice: ${notice.title}` : 'Write a notice'}
      okText={notice ? 'Save changes' : 'Publish'}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {refusal.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="form-alert"
          title={refusal.join(' ')}
        />
      )}
      <Form<NoticeFormValues>
        form={form}
        name="notice"
        layout="vertical"
        requiredMark={false}
        initialValues={formValuesOf(notice)}
        disabled={save.isPending}
        onFinish={(values) => {
          setRefusal([]);
          save.mutate(values);
        }}
      >
        <Form.Item
          name="title"
          label="Title"
          rules={[
            { required: true, whitespace: true, message: 'Enter a title' },
            { max: 200, message: 'At most 200 characters' },
          ]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="type" label="Type">
          <Select options={NOTICE_TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="priority"
          label="Priority (0 to 10)"
          extra="0: users see it in their notices. Above 0: it also pops up by itself for each user until they mark it read; the newest such notice pops up first."
          rules={[{ required: true, message: 'Enter a priority from 0 to 10' }]}
        >
          <InputNumber min={0} max={10} precision={0} />
        </Form.Item>
        <Form.Item
          name="message"
          label="Message"
          extra="HTML is allowed: paragraphs, bold, lists, links. Scripts, event handlers and javascript: links are removed before anyone sees it."
          rules={[{ max: 20_000, message: 'At most 20,000 characters' }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} spellCheck />
        </Form.Item>
        <div className="notice-preview-block">
          <Typography.Text strong id="notice-preview-label">
            Preview, as users will see it
          </Typography.Text>
          <div
            className="notice-preview notice-body"
            role="region"
            aria-labelledby="notice-preview-label"
            data-testid="notice-preview"
          >
            {preview.trim() ? (
              <div dangerouslySetInnerHTML={{ __html: preview }} />
            ) : (
              <Typography.Text type="secondary">
                The message appears here as users will see it.
              </Typography.Text>
            )}
          </div>
        </div>
        <Form.Item name="audience" label={<span id="notice-audience-label">Send to</span>}>
          <Radio.Group
            aria-labelledby="notice-audience-label"
            optionType="button"
            options={[
              { value: 'all', label: 'All clients' },
              { value: 'chosen', label: 'Chosen clients' },
            ]}
          />
        </Form.Item>
        {audience === 'chosen' && (
          <Form.Item
            name="client_ids"
            label="Clients"
            rules={[
              { required: true, type: 'array', min: 1, message: 'Choose at least one client' },
            ]}
          >
            <Select<number[]>
              mode="multiple"
              allowClear
              showSearch={{ filterOption: false, onSearch: setTyped }}
              loading={clientsQuery.isFetching}
              placeholder="Type to find a client"
              options={options}
              notFoundContent={clientsQuery.isFetching ? 'Searching…' : 'No client by that name'}
              onBlur={() => setTyped('')}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
