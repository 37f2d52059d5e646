// The catalogue (reports/report): the reports get_reports offers this user, grouped by type
// (SPEC §3: Single Vehicles, Multiple Vehicles, Driver, Export, Advanced), each a card with its
// sample picture, name and description. A card is a link to the report's form, report/{var_string},
// so it opens with the keyboard, in a new tab, or from a bookmark.
import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { REPORT_TYPES, type ReportDefinition } from '@fleet/common';
import ReportSample from '../samples/ReportSample';
import { reportFormPath } from '../reportPaths';

const TYPE_HELP: Record<(typeof REPORT_TYPES)[number], string> = {
  'Single Vehicles': 'One vehicle in detail',
  'Multiple Vehicles': 'Your vehicles side by side',
  Driver: 'By the people who drove',
  Export: 'Data for a spreadsheet',
  Advanced: 'Built from the columns and grouping you choose',
};

interface Props {
  reports: readonly ReportDefinition[];
  /** the report whose form is open */
  chosen?: string;
}

export default function ReportCatalogue({ reports, chosen }: Props) {
  const groups = REPORT_TYPES.map((type) => ({
    type,
    reports: reports.filter((r) => r.type === type),
  })).filter((g) => g.reports.length > 0);
  return (
    <div className="report-catalogue">
      {groups.map((g) => (
        <section key={g.type} className="report-group" aria-labelledby={groupId(g.type)}>
          <Typography.Title level={2} id={groupId(g.type)} className="report-group-title">
            {g.type}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{TYPE_HELP[g.type]}</Typography.Paragraph>
          <Row gutter={[16, 16]}>
            {g.reports.map((r) => (
              <Col key={r.id} xs={24} sm={12} xl={8} xxl={6}>
                <Card
                  size="small"
                  className={`report-card${r.id === chosen ? ' report-card-chosen' : ''}`}
                >
                  <Link
                    to={reportFormPath({ report: r.id })}
                    className="report-card-link"
                    aria-current={r.id === chosen ? 'true' : undefined}
                  >
                    <ReportSample reportId={r.id} />
                    <Typography.Title level={3} className="report-card-name">
                      {r.name}
                    </Typography.Title>
                    <span className="report-card-text">{r.description}</span>
                  </Link>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </div>
  );
}

const groupId = (type: string) => `report-type-${type.toLowerCase().replace(/\s+/g, '-')}`;
