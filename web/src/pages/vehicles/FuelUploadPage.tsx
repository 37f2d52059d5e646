// vehicles/fuel_usage/add (report_10; issue 13 item 4): import a fuel card statement. The file is
// read in the browser (CSV in chunks, XLSX in a worker) with a progress bar; its columns are
// matched by name, or mapped by the user when they differ; every row is previewed with the
// server's own check; Import sends the rows in chunks with a progress bar and the server checks
// them again. Below: the imported batches.
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Progress, Space, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import {
  FUEL_IMPORT_COLUMNS,
  FUEL_MAX_FILE_BYTES,
  FUEL_MAX_ROWS,
  matchFuelHeaders,
  type FuelBatch,
  type FuelColumnMap,
} from '@fleet/common';
import { allVehicles } from '../../api/fleet';
import { now } from '../../components/clock';
import PageContainer from '../../components/PageContainer';
import { userZone } from '../../components/zone';
import ColumnMapping, { mappingMissing } from './fuel/ColumnMapping';
import FuelBatches from './fuel/FuelBatches';
import FuelPreview from './fuel/FuelPreview';
import { FUEL_KEYS, sendFuelBatch } from './fuel/fuelApi';
import { countText } from './fuel/fuelFormat';
import { previewRows, uploadRows } from './fuel/fuelRows';
import { readFuelFile, type FuelSheet } from './fuel/readFuelFile';
import './fuel/fuel.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'reading'; share: number }
  | { kind: 'ready'; sheet: FuelSheet; map: FuelColumnMap; mapping: boolean }
  | { kind: 'sending'; sheet: FuelSheet; map: FuelColumnMap; share: number }
  | { kind: 'done'; batch: FuelBatch };

const MB = 1024 * 1024;

export default function FuelUploadPage() {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  // The registrations the preview matches against; the server matches again when storing.
  const vehicles = useQuery({
    queryKey: ['fuel-preview-vehicles'],
    queryFn: () => allVehicles({}),
    staleTime: 60_000,
  });

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setProblem(null);
    setStep({ kind: 'reading', share: 0 });
    try {
      const sheet = await readFuelFile(chosen, (share) => setStep({ kind: 'reading', share }));
      if (sheet.rows.length > FUEL_MAX_ROWS) {
        throw new Error(
          `${chosen.name} has ${countText(sheet.rows.length)} rows; one import takes at most ${countText(FUEL_MAX_ROWS)}. Split the file.`,
        );
      }
      const match = matchFuelHeaders(sheet.headers);
      setStep({ kind: 'ready', sheet, map: match.map, mapping: !match.exact });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
      setStep({ kind: 'choose' });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const ready = step.kind === 'ready' ? step : null;
  const missing = ready ? mappingMissing(ready.map) : [];
  const rows = useMemo(
    () =>
      step.kind === 'ready' && !mappingMissing(step.map).length
        ? uploadRows(step.sheet, step.map)
        : [],
    [step],
  );
  const preview = useMemo(
    () => previewRows(rows, vehicles.data ?? [], userZone() ?? 'Africa/Johannesburg', now()),
    [rows, vehicles.data],
  );

  const send = async () => {
    if (!ready || !file) return;
    setStep({ kind: 'sending', sheet: ready.sheet, map: ready.map, share: 0 });
    try {
      const batch = await sendFuelBatch(file.name, rows, (share) =>
        setStep({ kind: 'sending', sheet: ready.sheet, map: ready.map, share }),
      );
      setStep({ kind: 'done', batch });
      void Promise.all(FUEL_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
    } catch (err) {
      setProblem(
        `Nothing was imported: ${err instanceof Error ? err.message : String(err)}. Try again.`,
      );
      setStep(ready);
    }
  };

  const reset = () => {
    setFile(null);
    setProblem(null);
    setStep({ kind: 'choose' });
  };

  return (
    <PageContainer
      subTitle="Fuel card statements as CSV or XLSX"
      extra={<Link to="/portal/vehicles/fuel_usage/index">Fuel usage</Link>}
    >
      <Card variant="borderless" className="fuel-card">
        <Typography.Paragraph>
          The first row names the columns: {FUEL_IMPORT_COLUMNS.join(', ')} (Hours may be left out).
          Dates like 2026-11-20 08:15 are read in your time zone. A file may be up to{' '}
          {FUEL_MAX_FILE_BYTES / MB} MB and {countText(FUEL_MAX_ROWS)} rows.
        </Typography.Paragraph>
        <Space wrap>
          <label className="fuel-file-label" htmlFor="fuel-file">
            <UploadOutlined aria-hidden /> Choose fuel file
          </label>
          <input
            ref={input}
            id="fuel-file"
            className="fuel-file-input"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={step.kind === 'reading' || step.kind === 'sending'}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          {file && <Typography.Text>{file.name}</Typography.Text>}
        </Space>
        {problem && <Alert className="fuel-problem" type="error" showIcon title={problem} />}
        {step.kind === 'reading' && (
          <Progress
            percent={Math.round(step.share * 100)}
            aria-label={`Reading ${file?.name ?? 'the file'}`}
          />
        )}
        {ready?.mapping && (
          <ColumnMapping
            headers={ready.sheet.headers}
            map={ready.map}
            onChange={(map) => setStep({ ...ready, map })}
          />
        )}
        {ready && missing.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`Choose the column that holds ${missing.join(', ')}.`}
          />
        )}
        {ready && !missing.length && (
          <>
            <FuelPreview rows={preview} />
            <Space wrap className="fuel-buttons">
              <Button
                type="primary"
                onClick={() => void send()}
                disabled={preview.every((r) => r.error)}
              >
                Import {countText(rows.length)} rows
              </Button>
              <Button onClick={reset}>Cancel</Button>
            </Space>
          </>
        )}
        {step.kind === 'sending' && (
          <Progress percent={Math.round(step.share * 100)} aria-label="Sending the rows" />
        )}
        {step.kind === 'done' && (
          <Alert
            type="success"
            showIcon
            title={`Imported ${step.batch.file_name}: ${countText(step.batch.valid_count)} valid rows, ${countText(step.batch.error_count)} with errors.`}
            action={<Button onClick={reset}>Import another file</Button>}
          />
        )}
      </Card>
      <FuelBatches />
    </PageContainer>
  );
}
