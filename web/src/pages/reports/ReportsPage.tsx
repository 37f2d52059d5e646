// reports/report and reports/report/{var_string} (SPEC §2 /portal/reports; issue 14 items 1, 4):
// the catalogue of the reports this user may run (get_reports), and, when the address names one,
// its form filled from the var_string, so a filled-in report can be bookmarked and shared. A
// var_string that does not read back says which field is wrong; the catalogue stays usable.
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { encodeVarString, parseVarString } from '@fleet/common';
import PageContainer from '../../components/PageContainer';
import ReportCatalogue from './catalogue/ReportCatalogue';
import ReportForm from './form/ReportForm';
import { REPORTS_PATH, varStringIn, type VarParams } from './reportPaths';
import { reportsQuery } from './reportsApi';
import './reports.css';

export default function ReportsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const varString = varStringIn(pathname, REPORTS_PATH);
  const reports = useQuery({ ...reportsQuery(), staleTime: 5 * 60_000 });
  const list = reports.data?.reports ?? [];
  const parsed = varString === undefined ? null : parseVarString(varString);
  const chosenId = parsed?.ok ? parsed.params.report : undefined;
  const def = chosenId ? list.find((r) => r.id === chosenId) : undefined;

  // The form writes its state into the address (replace, no history entry per keystroke). It is
  // started again only when the address changes from elsewhere: a card, a link, Back.
  const written = useRef<string | undefined>(undefined);
  const origin = useRef(varString);
  if (varString !== written.current) origin.current = varString;
  const keep = (params: VarParams) => {
    const next = encodeVarString(params);
    if (next === varString) return;
    written.current = next;
    void navigate(`${REPORTS_PATH}/${next}`, { replace: true });
  };

  let problem: string | null = null;
  if (parsed && !parsed.ok) problem = parsed.error;
  else if (chosenId && reports.isSuccess && !def)
    problem = `report: "${chosenId}" is not one of the reports you may run`;

  return (
    <PageContainer subTitle="Choose a report, fill it in, then generate it as PDF, CSV or a web page, or schedule it">
      <div className="reports-page">
        {problem && (
          <Alert
            type="error"
            showIcon
            title="This report link cannot be opened"
            description={`${problem}. Choose a report below.`}
          />
        )}
        {def && parsed?.ok && (
          <ReportForm key={origin.current} def={def} initial={parsed.params} onChange={keep} />
        )}
        {reports.isLoading ? (
          <Card variant="borderless">
            <Skeleton active />
          </Card>
        ) : reports.isError ? (
          <Alert type="error" showIcon title="The reports could not be loaded" />
        ) : list.length === 0 ? (
          <Alert type="info" showIcon title="There are no reports you may run." />
        ) : (
          <ReportCatalogue reports={list} chosen={def?.id} />
        )}
      </div>
    </PageContainer>
  );
}
