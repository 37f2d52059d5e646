// A button that asks /api/report for a file and downloads it, saying so while the server makes it
// (a long operation shows progress). A refusal shows the server's message (api/report.ts).
import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { requestReport } from '../api/report';
import { downloadFile } from './download';

interface Props {
  parameters: Record<string, unknown>;
  /** the file's name when the server does not name it */
  fileName: string;
  children: ReactNode;
  disabled?: boolean;
  icon?: ReactNode;
}

export default function ReportButton({ parameters, fileName, children, disabled, icon }: Props) {
  const [busy, setBusy] = useState(false);
  const fetchFile = async () => {
    setBusy(true);
    try {
      const file = await requestReport(parameters);
      if (file)
        downloadFile(
          file.filename ?? fileName,
          file.data,
          file.contentType ?? 'application/octet-stream',
        );
    } catch {
      // The API client has shown the message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={icon ?? <FilePdfOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={fetchFile}
    >
      {busy ? 'Preparing…' : children}
    </Button>
  );
}
