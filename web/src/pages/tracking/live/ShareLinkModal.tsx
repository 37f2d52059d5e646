// Creating a share link: choose how long it lasts, create it, copy the address.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Radio, Space, Typography } from 'antd';
import { CheckOutlined, CopyOutlined, LinkOutlined } from '@ant-design/icons';
import {
  deleteTrackAllLink,
  deleteTrackLink,
  setTrackAllLink,
  setTrackLink,
} from '../../../api/tracking';
import { useDateTime } from '../../../components/dates';
import { useNotify } from '../../../components/notify';
import {
  SHARE_DURATIONS,
  expiryFor,
  fleetShareUrl,
  unitShareUrl,
  type ShareDuration,
} from './shareLinks';

export type ShareSubject =
  | { kind: 'unit'; uid: number; name: string }
  | { kind: 'fleet'; view: { lat: number; lng: number; zoom: number } };

interface Created {
  url: string;
  expires: string;
  sendToken: string;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (plain http, older browser): the field is selected for Ctrl+C instead.
    return false;
  }
}

export function ShareLinkModal({
  subject,
  onClose,
}: {
  subject: ShareSubject;
  onClose: () => void;
}) {
  const [duration, setDuration] = useState<ShareDuration>('8h');
  const [created, setCreated] = useState<Created | null>(null);
  const [copied, setCopied] = useState(false);
  const formatTime = useDateTime();
  const notify = useNotify();

  const create = useMutation({
    mutationFn: async (): Promise<Created> => {
      const expires = expiryFor(duration);
      if (subject.kind === 'unit') {
        const link = await setTrackLink(subject.uid, expires);
        return {
          url: unitShareUrl(link.send_token),
          expires: link.expires,
          sendToken: link.send_token,
        };
      }
      const link = await setTrackAllLink(expires);
      return {
        url: fleetShareUrl(link.send_token, subject.view),
        expires: link.expires,
        sendToken: link.send_token,
      };
    },
    onSuccess: (link) => {
      setCreated(link);
      setCopied(false);
    },
  });
  const revoke = useMutation({
    mutationFn: () =>
      subject.kind === 'unit'
        ? deleteTrackLink(created!.sendToken)
        : deleteTrackAllLink(created!.sendToken),
    onSuccess: () => {
      notify.success('Link revoked: it no longer opens');
      setCreated(null);
    },
  });

  const copy = async () => {
    if (!created) return;
    if (await copyText(created.url)) setCopied(true);
    else (document.getElementById('share-url') as HTMLInputElement | null)?.select();
  };

  const title = subject.kind === 'unit' ? `Share ${subject.name}` : 'Share the fleet view';
  return (
    <Modal open title={title} onCancel={onClose} footer={null} destroyOnHidden width={480}>
      <Typography.Paragraph type="secondary">
        {subject.kind === 'unit'
          ? 'Anyone with the link sees this vehicle move live, without logging in, until the link expires.'
          : 'Anyone with the link sees every vehicle of your fleet live, without logging in, until the link expires.'}
      </Typography.Paragraph>
      {!created ? (
        <Space orientation="vertical" size="middle" className="full-width">
          <div>
            <Typography.Text strong id="share-duration-label">
              Link lasts
            </Typography.Text>
            <Radio.Group
              aria-labelledby="share-duration-label"
              className="share-durations"
              optionType="button"
              buttonStyle="solid"
              value={duration}
              onChange={(e) => setDuration(e.target.value as ShareDuration)}
              options={SHARE_DURATIONS.map((d) => ({ label: d.label, value: d.key }))}
            />
          </div>
          <Button
            type="primary"
            icon={<LinkOutlined />}
            loading={create.isPending}
            onClick={() => create.mutate()}
            block
          >
            Create link
          </Button>
        </Space>
      ) : (
        <Space orientation="vertical" size="middle" className="full-width">
          <Alert
            type="success"
            showIcon
            title="Link ready"
            description={`It works until ${formatTime(created.expires)}.`}
          />
          <Space.Compact className="full-width">
            <Input
              id="share-url"
              readOnly
              value={created.url}
              aria-label="Share link"
              onFocus={(e) => e.target.select()}
            />
            <Button
              type="primary"
              icon={copied ? <CheckOutlined /> : <CopyOutlined />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Space.Compact>
          <Space wrap>
            <Button href={created.url} target="_blank" rel="noopener noreferrer">
              Open
            </Button>
            <Button danger loading={revoke.isPending} onClick={() => revoke.mutate()}>
              Revoke link
            </Button>
            <Button onClick={() => setCreated(null)}>Make another</Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
