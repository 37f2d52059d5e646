// KML import: pick a file (read in the browser, at most 5 MB), see what the server would create
// and refuse (a dry run), then import. A malformed file answers the server's message and nothing
// is stored.
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { MAX_KML_CHARS, type TaskResponse } from '@fleet/common';
import { call } from '../../api/call';
import { useNotify } from '../../components/notify';

/** The largest KML file the import takes (the server's limit too). */
/** The server's limit (common/constants.ts), checked before the file is sent. */
export const MAX_KML_BYTES = MAX_KML_CHARS;

type Preview = TaskResponse<'import_kml'>;

interface Props {
  open: boolean;
  onClose(): void;
  onImported(count: number): void;
}

export function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function KmlImportModal({ open, onClose, onImported }: Props) {
  const inputId = useId();
  const notify = useNotify();
  const [fileName, setFileName] = useState<string | null>(null);
  const [kml, setKml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  const reset = () => {
    setFileName(null);
    setKml(null);
    setProblem(null);
    setPreview(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const dryRun = useMutation({
    mutationFn: (text: string) =>
      call('import_kml', { kml: text, dry_run: true }, { silent: true }),
    onSuccess: setPreview,
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });
  const importNow = useMutation({
    mutationFn: (text: string) =>
      call('import_kml', { kml: text, dry_run: false }, { silent: true }),
    onSuccess: (answer) => {
      const n = answer.created.length;
      notify.success(`${plural(n, 'location')} imported`);
      onImported(n);
      close();
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });

  const pick = async (file: File | undefined) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_KML_BYTES) {
      setProblem(`${file.name} is larger than 5 MB; split it into smaller files.`);
      return;
    }
    try {
      const text = await readFileText(file);
      if (!text.trim()) {
        setProblem(`${file.name} is empty.`);
        return;
      }
      setKml(text);
      dryRun.mutate(text);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The file could not be read');
    }
  };

  const count = preview?.created.length ?? 0;
  return (
    <Modal
      open={open}
      title="Import locations from KML"
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={close}>Cancel</Button>
          <Button
            type="primary"
            disabled={!kml || !preview || count === 0}
            loading={importNow.isPending}
            onClick={() => kml && importNow.mutate(kml)}
          >
            {`Import ${plural(count, 'location')}`}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        Placemarks with a point become point locations (100 m radius); placemarks with a polygon
        become polygon locations. Nothing is stored until you choose Import.
      </Typography.Paragraph>
      <label htmlFor={inputId} className="kml-file-label">
        KML file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".kml,application/vnd.google-earth.kml+xml"
        onChange={(e) => void pick(e.target.files?.[0])}
        style={{ display: 'block', margin: '4px 0 16px' }}
      />
      {dryRun.isPending && <Typography.Text>Reading {fileName}…</Typography.Text>}
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Nothing was imported"
          description={problem}
        />
      )}
      {preview && !problem && (
        <div className="kml-preview">
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Will be created ({preview.created.length})
          </Typography.Title>
          {preview.created.length === 0 ? (
            <Typography.Paragraph type="secondary">
              No placemark can be imported.
            </Typography.Paragraph>
          ) : (
            <List
              size="small"
              bordered
              aria-label="Locations that will be created"
              style={{ maxHeight: 220, overflow: 'auto', marginBottom: 16 }}
              dataSource={preview.created}
              renderItem={(item) => (
                <List.Item>
                  <Space>
                    <span>{item.name}</span>
                    <Tag>{item.type === 'point' ? 'Point' : `Polygon, ${item.points} corners`}</Tag>
                  </Space>
                </List.Item>
              )}
            />
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Refused ({preview.refused.length})
          </Typography.Title>
          {preview.refused.length === 0 ? (
            <Typography.Paragraph type="secondary">Nothing refused.</Typography.Paragraph>
          ) : (
            <List
              size="small"
              bordered
              aria-label="Placemarks that will be refused"
              style={{ maxHeight: 220, overflow: 'auto' }}
              dataSource={preview.refused}
              renderItem={(item) => (
                <List.Item>
                  <span>
                    <Typography.Text strong>{item.name}</Typography.Text>: {item.reason}
                  </span>
                </List.Item>
              )}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
