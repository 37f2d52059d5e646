// reports/generate/{var_string} (SPEC §2; issue 14 item 4): runs the report the address names. A
// spinner, then, past a second, a progress bar with the share done (get_progress); Cancel. A PDF
// or CSV is downloaded when it arrives and can be downloaded again; a Website report is shown in
// the page, with the other formats a click away. A refused report shows the server's message (a
// 500 says "Server error"), with the way back to the form.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Card, Progress, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  checkReportParams,
  parseVarString,
  REPORT_FORMAT_NAMES,
  reportById,
  type ReportDefinition,
  type ReportFormat,
  type ReportParams,
} from '@fleet/common';
import PageContainer from '../../components/PageContainer';
import { useReportRun, saveFile, type RunState } from './generate/useReportRun';
import {
  generatePath,
  REPORTS_PATH,
  reportFormPath,
  varStringIn,
  type VarParams,
} from './reportPaths';
import ReportView from './view/ReportView';
import './reports.css';

interface Checked {
  def?: ReportDefinition;
  params: ReportParams | null;
  format: ReportFormat;
  problems: string[];
}

/** The address's report, parameters and format, and what is wrong with them. */
export function readRun(varString: string | undefined): Checked {
  const parsed = varString
    ? parseVarString(varString)
    : { ok: false as const, error: 'report: the link does not name a report' };
  if (!parsed.ok) return { params: null, format: 'pdf', problems: [parsed.error] };
  const def = reportById(parsed.params.report ?? '')!;
  const format = parsed.params.format ?? def.formats[0];
  const { format: _format, ...rest } = parsed.params;
  const params = { ...rest, report: def.id, ids: rest.ids ?? [], ids_type: def.ids_type };
  const problems = checkReportParams(def, params);
  if (!def.formats.includes(format))
    problems.push(
      `format: ${def.name} comes as ${def.formats.map((f) => REPORT_FORMAT_NAMES[f]).join(' or ')}`,
    );
  return { def, params: problems.length ? null : params, format, problems };
}

export default function GenerateReportPage() {
  const { pathname } = useLocation();
  const run = readRun(varStringIn(pathname, '/portal/reports/generate'));
  const [attempt, setAttempt] = useState(0);
  const { state, cancel, progress } = useReportRun(run.params, run.format, attempt);
  const formPath = run.def
    ? reportFormPath({ ...(run.params ?? { report: run.def.id }), format: run.format })
    : REPORTS_PATH;
  const backLink = (
    <Link to={formPath}>
      <EditOutlined /> {run.def ? 'Back to the form' : 'Choose a report'}
    </Link>
  );

  return (
    <PageContainer
      title={run.def?.name}
      subTitle={run.def ? `${REPORT_FORMAT_NAMES[run.format]} report` : undefined}
      extra={run.params && backLink}
    >
      <div className="reports-page">
        {run.problems.length > 0 ? (
          <Alert
            type="error"
            showIcon
            title="This report cannot be run"
            description={
              <>
                <ul className="report-problems">
                  {run.problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
                {backLink}
              </>
            }
          />
        ) : (
          <RunStatus
            state={state}
            format={run.format}
            done={progress?.done ?? 0}
            stage={progress?.stage}
            onCancel={cancel}
            onAgain={() => setAttempt((n) => n + 1)}
            backLink={backLink}
            others={run.def!.formats.filter((f) => f !== 'html')}
            pathOf={(format) => generatePath({ ...(run.params as VarParams), format })}
          />
        )}
      </div>
    </PageContainer>
  );
}

interface StatusProps {
  state: RunState;
  format: ReportFormat;
  done: number;
  stage?: string;
  onCancel: () => void;
  onAgain: () => void;
  backLink: ReactNode;
  /** the file formats the report also comes in (the Website view's download choice) */
  others: ReportFormat[];
  pathOf: (format: ReportFormat) => string;
}

function RunStatus(props: StatusProps) {
  const { state, format, done, stage, onCancel, onAgain, backLink, others, pathOf } = props;
  const navigate = useNavigate();
  const again = (
    <Button icon={<ReloadOutlined />} onClick={onAgain}>
      Run it again
    </Button>
  );
  switch (state.phase) {
    case 'running':
      return (
        <Card variant="borderless" className="report-run">
          <div aria-live="polite">
            {state.slow ? (
              <>
                <Progress
                  percent={Math.round(done * 100)}
                  status="active"
                  aria-label="Share of the report done"
                />
                <Typography.Text type="secondary">{stage || 'Starting'}…</Typography.Text>
              </>
            ) : (
              <Space>
                <Spin />
                <Typography.Text>Preparing the report…</Typography.Text>
              </Space>
            )}
          </div>
          <Button onClick={onCancel} className="report-cancel">
            Cancel
          </Button>
        </Card>
      );
    case 'cancelled':
      return (
        <Alert
          type="info"
          showIcon
          title="Cancelled: the report was not made."
          description={
            <Space wrap>
              {again}
              {backLink}
            </Space>
          }
        />
      );
    case 'failed':
      return (
        <Alert
          type="error"
          showIcon
          title="The report could not be made"
          description={
            <>
              <Typography.Paragraph>{state.message}</Typography.Paragraph>
              <Space wrap>
                {again}
                {backLink}
              </Space>
            </>
          }
        />
      );
    case 'file':
      return (
        <Alert
          type="success"
          showIcon
          title={`The ${REPORT_FORMAT_NAMES[format]} is downloaded: ${state.name}`}
          description={
            <Space wrap>
              <Button
                icon={<DownloadOutlined />}
                onClick={() => saveFile(state.file, state.name, format)}
              >
                Download again
              </Button>
              {backLink}
            </Space>
          }
        />
      );
    case 'doc':
      return (
        <>
          <Card variant="borderless" size="small" className="report-downloads">
            <Space wrap>
              {others.map((f) => (
                <Button key={f} icon={<DownloadOutlined />} onClick={() => navigate(pathOf(f))}>
                  Download as {REPORT_FORMAT_NAMES[f]}
                </Button>
              ))}
            </Space>
          </Card>
          <Card variant="borderless" className="report-view-card">
            <ReportView
              doc={state.doc}
              csvPath={others.includes('csv') ? pathOf('csv') : undefined}
            />
          </Card>
        </>
      );
  }
}
