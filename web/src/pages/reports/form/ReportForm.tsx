// A chosen report's form (reports/report/{var_string}): its subjects and variables, the format
// (only those the report comes in), Generate and, for editors of schedules, Schedule. Nothing runs
// until checkReportParams passes; each of its messages shows on the field it names. Every change
// is handed up so the page's address holds the form and can be bookmarked or shared.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Typography } from 'antd';
import { PlayCircleOutlined, ScheduleOutlined } from '@ant-design/icons';
import { checkReportParams, REPORT_FORMAT_NAMES, type ReportDefinition } from '@fleet/common';
import { usePermission } from '../../../components/Permission';
import { generatePath, scheduleAddPath, type VarParams } from '../reportPaths';
import ChoiceField from './ChoiceField';
import ReportFields from './ReportFields';
import { initialValues, paramsOf, problemsByField, varParamsOf } from './reportValues';

interface Props {
  def: ReportDefinition;
  initial: VarParams;
  /** the form as a var_string's content, after every change */
  onChange: (params: VarParams) => void;
}

export default function ReportForm({ def, initial, onChange }: Props) {
  const navigate = useNavigate();
  const canSchedule = usePermission(['feature_scheduled_reports_edit']);
  const [state, setState] = useState(() => initialValues(def, initial));
  const [tried, setTried] = useState(false);
  const params = useMemo(() => paramsOf(def, state), [def, state]);
  const known = useMemo(() => ['ids', ...def.variables.map((v) => v.name)], [def]);
  const problems = useMemo(
    () => (tried ? problemsByField(checkReportParams(def, params), known) : null),
    [tried, def, params, known],
  );

  useEffect(() => {
    // Only the form's own changes are handed up, not a new onChange of the page.
    onChange(varParamsOf(def, state));
  }, [state]);

  const generate = () => {
    setTried(true);
    if (checkReportParams(def, params).length) return;
    navigate(generatePath(varParamsOf(def, state)));
  };

  return (
    <Card
      variant="borderless"
      className="report-form"
      title={
        <Typography.Title level={2} className="report-form-title">
          {def.name}
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">{def.description}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <ReportFields
          idPrefix="report"
          def={def}
          variables={def.variables}
          ids={state.ids}
          onIds={(ids) => setState((s) => ({ ...s, ids }))}
          values={state.values}
          onValue={(name, value) =>
            setState((s) => ({ ...s, values: { ...s.values, [name]: value } }))
          }
          errors={problems?.fields ?? {}}
        />
        <ChoiceField
          id="report-format"
          label="Format"
          value={state.format}
          onChange={(format) => setState((s) => ({ ...s, format }))}
          options={def.formats.map((f) => ({ value: f, label: REPORT_FORMAT_NAMES[f] }))}
        />
      </Form>
      {problems && (problems.rest.length > 0 || Object.keys(problems.fields).length > 0) && (
        <Typography.Paragraph type="danger" role="alert">
          {problems.rest.length ? `${problems.rest.join('; ')}. ` : ''}Correct the fields marked
          above; nothing was sent.
        </Typography.Paragraph>
      )}
      <div className="report-actions">
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={generate}>
          Generate
        </Button>
        {canSchedule && (
          <Button
            icon={<ScheduleOutlined />}
            onClick={() => navigate(scheduleAddPath(varParamsOf(def, state)))}
          >
            Schedule
          </Button>
        )}
      </div>
    </Card>
  );
}
