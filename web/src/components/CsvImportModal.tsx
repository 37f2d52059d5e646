// A CSV import in two steps, for any record the server imports row by row (vehicles, people): the
// file is read and parsed in the browser (papaparse, header row), its rows are sent as a dry run
// and the server's verdict on each row is shown; Import then stores the valid rows. The page says
// which columns the file has, which row keys they fill and which task runs.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import Papa from 'papaparse';
import { Alert, Button, Checkbox, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import type { ImportAnswer, ImportRowResult } from '@fleet/common';
import { useNotify } from './notify';

/** The most rows one import takes (the import tasks' own limit). */
export const MAX_IMPORT_ROWS = 5000;
/** A file larger than this is refused before it is read: 5,000 full rows fit well within it. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

export interface CsvImportModalProps<Row extends object> {
  open: boolean;
  title: string;
  /** What a row is, singular and plural: ['vehicle', 'vehicles']. */
  noun: readonly [string, string];
  /** Each column header of the file (matched without regard to case) and the row key it fills. */
  columns: Readonly<Record<string, keyof Row & string>>;
  /** Headers a file must have. */
  required?: readonly string[];
  /** Tidies a row before it is sent (e.g. words a person typed into the values the server takes). */
  normalise?: (row: Row) => Row;
  /** Calls the import task. */
  run: (rows: Row[], dryRun: boolean) => Promise<ImportAnswer>;
  onClose(): void;
  onImported(answer: ImportAnswer): void;
  /** Words above the file input: what the import does. */
  explain?: ReactNode;
}

const COUNT = new Intl.NumberFormat('en');
const plural = (n: number, [one, many]: readonly [string, string]) =>
  `${COUNT.format(n)} ${n === 1 ? one : many}`;
const ROWS = ['row', 'rows'] as const;
const FOOTER = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: 8,
} as const;

function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The rows of a CSV text, each header's value under its row key (other columns are left out), or
 * the reason the file cannot be imported.
 */
export function parseCsvRows<Row extends object>(
  text: string,
  columns: Readonly<Record<string, string>>,
  required: readonly string[] = [],
): { rows: Row[]; ignored: string[] } | { problem: string } {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const quotes = parsed.errors.find((e) => e.type === 'Quotes');
  if (quotes) return { problem: `Row ${(quotes.row ?? 0) + 2}: ${quotes.message}` };
  const byLowerHeader = new Map(Object.entries(columns).map(([h, key]) => [h.toLowerCase(), key]));
  const headers = parsed.meta.fields ?? [];
  const present = new Set(headers.map((h) => h.toLowerCase()));
  const missing = required.filter((h) => !present.has(h.toLowerCase()));
  if (missing.length)
    return {
      problem: `The file has no ${missing.join(', ')} column. The first line must name the columns: ${Object.keys(columns).join(', ')}.`,
    };
  const rows = parsed.data.map((record) => {
    const row: Record<string, string> = {};
    for (const header of headers) {
      const key = byLowerHeader.get(header.toLowerCase());
      if (key) row[key] = String(record[header] ?? '').trim();
    }
    return row as Row;
  });
  return { rows, ignored: headers.filter((h) => h && !byLowerHeader.has(h.toLowerCase())) };
}

const ACTION_TAGS: Record<ImportRowResult['action'], ReactNode> = {
  create: <Tag color="green">Create</Tag>,
  update: <Tag color="blue">Update</Tag>,
  error: <Tag color="red">Error</Tag>,
};

export function CsvImportModal<Row extends object>({
  open,
  title,
  noun,
  columns,
  required = [],
  normalise,
  run,
  onClose,
  onImported,
  explain,
}: CsvImportModalProps<Row>) {
  const inputId = useId();
  const notify = useNotify();
  const [fileName, setFileName] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [onlyRefused, setOnlyRefused] = useState(false);

  const reset = () => {
    setFileName(null);
    setRows(null);
    setIgnored([]);
    setProblem(null);
    setPreview(null);
    setOnlyRefused(false);
  };
  const close = () => {
    reset();
    onClose();
  };
  const failed = (error: unknown) =>
    setProblem(error instanceof Error ? error.message : String(error));

  const dryRun = useMutation({
    mutationFn: (list: Row[]) => run(list, true),
    onSuccess: setPreview,
    onError: failed,
  });
  const importNow = useMutation({
    mutationFn: (list: Row[]) => run(list, false),
    onSuccess: (answer) => {
      const parts = [
        `${COUNT.format(answer.created)} created`,
        `${COUNT.format(answer.updated)} updated`,
      ];
      if (answer.refused) parts.push(`${COUNT.format(answer.refused)} refused`);
      notify.success(`${noun[1][0].toUpperCase()}${noun[1].slice(1)}: ${parts.join(', ')}`);
      onImported(answer);
      close();
    },
    onError: failed,
  });

  const pick = async (file: File | undefined) => {
    reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_IMPORT_BYTES) {
      setProblem(`${file.name} is larger than 10 MB; split it into smaller files.`);
      return;
    }
    try {
      const result = parseCsvRows<Row>(await readFileText(file), columns, required);
      if ('problem' in result) return setProblem(result.problem);
      const count = result.rows.length;
      if (count === 0) return setProblem(`${file.name} has no rows under its header line.`);
      if (count > MAX_IMPORT_ROWS)
        return setProblem(
          `${file.name} has ${plural(count, ROWS)}; one import takes at most ${plural(MAX_IMPORT_ROWS, ROWS)}. Split it into smaller files.`,
        );
      const list = normalise ? result.rows.map(normalise) : result.rows;
      setRows(list);
      setIgnored(result.ignored);
      dryRun.mutate(list);
    } catch (error) {
      failed(error);
    }
  };

  const valid = preview ? preview.created + preview.updated : 0;
  const shown = useMemo(
    () =>
      preview && onlyRefused ? preview.rows.filter((r) => r.action === 'error') : preview?.rows,
    [preview, onlyRefused],
  );
  const busy = dryRun.isPending || importNow.isPending;

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      width={760}
      destroyOnHidden
      mask={{ closable: !busy }}
      footer={
        <div style={FOOTER}>
          {preview && preview.refused > 0 && (
            <Typography.Text type="danger">
              {`${plural(preview.refused, ROWS)} will be refused and not imported`}
            </Typography.Text>
          )}
          <Space wrap>
            <Button onClick={close} disabled={importNow.isPending}>
              Cancel
            </Button>
            <Button
              type="primary"
              disabled={!rows || !preview || valid === 0 || dryRun.isPending}
              loading={importNow.isPending}
              onClick={() => rows && importNow.mutate(rows)}
            >
              {`Import ${plural(valid, noun)}`}
            </Button>
          </Space>
        </div>
      }
    >
      {explain}
      <Typography.Paragraph type="secondary">
        The first line names the columns: {Object.keys(columns).join(', ')}. At most{' '}
        {COUNT.format(MAX_IMPORT_ROWS)} rows. Nothing is stored until you choose Import.
      </Typography.Paragraph>
      <label htmlFor={inputId} style={{ fontWeight: 500 }}>
        CSV file
      </label>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        disabled={busy}
        onChange={(e) => void pick(e.target.files?.[0])}
        style={{ display: 'block', margin: '4px 0 16px', maxWidth: '100%' }}
      />
      {busy && (
        <div role="status" style={{ marginBottom: 12 }}>
          <Spin size="small" />{' '}
          {dryRun.isPending
            ? `Checking ${plural(rows?.length ?? 0, ROWS)} of ${fileName}…`
            : `Importing ${plural(valid, noun)}…`}
        </div>
      )}
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
        <>
          <Typography.Paragraph data-testid="csv-import-summary">
            {`${plural(preview.created, noun)} to create, ${COUNT.format(preview.updated)} to update, ${plural(preview.refused, ROWS)} refused.`}
            {ignored.length > 0 && ` Columns left out: ${ignored.join(', ')}.`}
          </Typography.Paragraph>
          {preview.refused > 0 && (
            <Checkbox checked={onlyRefused} onChange={(e) => setOnlyRefused(e.target.checked)}>
              Show only refused rows
            </Checkbox>
          )}
          <Table<ImportRowResult>
            size="small"
            rowKey="line"
            aria-label="Rows of the file"
            style={{ marginTop: 8 }}
            dataSource={shown}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Line', dataIndex: 'line', width: 64 },
              { title: 'Name', dataIndex: 'name' },
              {
                title: 'Action',
                dataIndex: 'action',
                render: (action: ImportRowResult['action']) => ACTION_TAGS[action],
              },
              {
                title: 'Problems',
                dataIndex: 'errors',
                render: (errors: string[]) =>
                  errors.length ? (
                    <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                      {errors.map((e) => (
                        <li key={e}>
                          <Typography.Text type="danger">{e}</Typography.Text>
                        </li>
                      ))}
                    </ul>
                  ) : null,
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
