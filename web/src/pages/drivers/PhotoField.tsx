// The person's photo: a PNG or JPEG picked from the device, made small in the browser (photo.ts)
// and kept as a data URL; Remove clears it.
import { useId, useRef, useState } from 'react';
import { Avatar, Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { photoFromFile, PHOTO_TYPES } from './photo';

interface Props {
  value: string | null;
  name: string;
  disabled?: boolean;
  error?: string;
  onChange(photo: string | null): void;
}

export default function PhotoField({ value, name, disabled, error, onChange }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    setBusy(true);
    try {
      onChange(await photoFromFile(file));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'The picture could not be read');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const message = problem ?? error;
  return (
    <div className="driver-photo">
      <Avatar
        size={96}
        src={value ?? undefined}
        icon={value ? undefined : <UserOutlined />}
        alt={value ? `Photo of ${name || 'this person'}` : undefined}
      />
      <Space orientation="vertical" size={4}>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Photo file"
          disabled={disabled}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <Space wrap>
          <Button
            icon={<UploadOutlined />}
            loading={busy}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            {value ? 'Change photo' : 'Upload photo'}
          </Button>
          {value && (
            <Button icon={<DeleteOutlined />} disabled={disabled} onClick={() => onChange(null)}>
              Remove photo
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">
          PNG or JPEG; it is made smaller (256 px) before it is saved.
        </Typography.Text>
        {message && (
          <Typography.Text type="danger" role="alert">
            {message}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}
