// The fields a report takes, shared by the report form and the schedule form: its subjects and
// one field per variable, each labelled, with its help and, once the user has tried to go on, the
// message of checkReportParams that names it.
import { Form } from 'antd';
import type { ReportDefinition, ReportVariable } from '@fleet/common';
import SubjectField, { subjectLabel } from './SubjectField';
import VariableField, { variableHelp } from './VariableField';

interface Props {
  /** prefix of the controls' ids, so two forms never share one */
  idPrefix: string;
  def: ReportDefinition;
  /** the variables shown (a schedule leaves out the date range) */
  variables: readonly ReportVariable[];
  ids: number[];
  onIds: (ids: number[]) => void;
  values: Record<string, unknown>;
  onValue: (name: string, value: unknown) => void;
  errors: Record<string, string>;
}

/** The subject field's help: a label can stand in for the vehicles of a fleet report. */
function subjectHelp(def: ReportDefinition): string | undefined {
  if (def.ids_count === 'one') return undefined;
  const tag = def.variables.find((v) => v.type === 'tag');
  return tag ? `Or choose a label under ${tag.display.replace(/\s*\(.*\)$/, '')}` : undefined;
}

export default function ReportFields(props: Props) {
  const { idPrefix, def, variables, ids, onIds, values, onValue, errors } = props;
  const item = (name: string, label: string, required: boolean, help?: string) => ({
    label,
    htmlFor: `${idPrefix}-${name}`,
    required,
    validateStatus: errors[name] ? ('error' as const) : undefined,
    help: errors[name] ?? help,
  });
  const status = (name: string) => (errors[name] ? ('error' as const) : undefined);
  const tagged = variables.some((v) => v.type === 'tag');
  return (
    <>
      <Form.Item {...item('ids', subjectLabel(def), !tagged, subjectHelp(def))}>
        <SubjectField
          id={`${idPrefix}-ids`}
          def={def}
          value={ids}
          onChange={onIds}
          status={status('ids')}
        />
      </Form.Item>
      {variables.map((v) => (
        <Form.Item key={v.name} {...item(v.name, v.display, v.required, variableHelp(v))}>
          <VariableField
            id={`${idPrefix}-${v.name}`}
            variable={v}
            value={values[v.name]}
            onChange={(value) => onValue(v.name, value)}
            status={status(v.name)}
          />
        </Form.Item>
      ))}
    </>
  );
}
