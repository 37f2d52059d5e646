// The Website format (issue 14 item 2): a report's document (ReportDoc) drawn in the page. The
// header carries what every format carries: the theme's title and logo, the report, the client,
// the period and the generation time in the client's zone (doc.zone). Then its sections in order:
// summary figures, sortable tables with their totals, interactive charts, route maps, notes.
import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { summarizeNames, type ReportDoc, type ReportSection } from '@fleet/common';
import { formatDateTime } from '../../../components/dates';
import { cellText } from './cellFormat';
import ReportChart from './ReportChart';
import ReportMap from './ReportMap';
import ReportTable from './ReportTable';
import '../reports.css';

interface Props {
  doc: ReportDoc;
  /** the generate page's path for this report as CSV, when it comes as CSV */
  csvPath?: string;
}

export const dayText = (day: string) => dayjs(day).format('D MMM YYYY');

function periodText(doc: Pick<ReportDoc, 'period' | 'zone'>): string {
  if (!doc.period) return `Now (${doc.zone})`;
  const { from, to } = doc.period;
  const days = from === to ? dayText(from) : `${dayText(from)} – ${dayText(to)}`;
  return `${days} (${doc.zone})`;
}

export default function ReportView({ doc, csvPath }: Props) {
  const csvLink = csvPath ? <Link to={csvPath}>download the CSV</Link> : undefined;
  const hasNote = doc.sections.some((s) => s.kind === 'note');
  return (
    <article className="report-view" aria-label={doc.title}>
      <header className="report-head">
        <div className="report-brand">
          {doc.brand.logo && <img src={doc.brand.logo} alt="" className="report-logo" />}
          <span>{doc.brand.title}</span>
        </div>
        <Typography.Title level={2} className="report-title">
          {doc.title}
        </Typography.Title>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, xl: 4 }}
          items={[
            { key: 'client', label: 'Client', children: doc.client },
            { key: 'period', label: 'Period', children: periodText(doc) },
            {
              key: 'subjects',
              label: 'Covers',
              children: doc.subjects.length ? summarizeNames(doc.subjects) : '—',
            },
            {
              key: 'generated',
              label: 'Generated',
              children: formatDateTime(doc.generated, 'YYYY-MM-DD HH:mm', doc.zone),
            },
          ]}
        />
      </header>
      {doc.empty && !hasNote && (
        <Alert
          type="info"
          showIcon
          title="Nothing happened in this period: there is no data to show."
        />
      )}
      {doc.sections.map((s, i) => (
        <Section key={i} section={s} doc={doc} csvLink={csvLink} />
      ))}
    </article>
  );
}

function Section({
  section,
  doc,
  csvLink,
}: {
  section: ReportSection;
  doc: ReportDoc;
  csvLink: ReactNode;
}) {
  switch (section.kind) {
    case 'note':
      return <Alert type="info" showIcon title={section.text} className="report-note" />;
    case 'summary':
      return (
        <Row gutter={[16, 16]} className="report-summary">
          {section.items.map((item) => (
            <Col key={item.label} xs={12} md={8} xl={6}>
              <Card size="small" variant="borderless" className="report-figure">
                <Statistic title={item.label} value={cellText(item.value, item.kind, doc.zone)} />
              </Card>
            </Col>
          ))}
        </Row>
      );
    case 'table':
      // An empty report's table is there for the CSV's header row; the note says it all here.
      if (!section.rows.length && !section.omitted) return null;
      return (
        <Titled text={section.title}>
          <ReportTable
            section={section}
            zone={doc.zone}
            name={section.title ?? doc.title}
            csvLink={csvLink}
          />
        </Titled>
      );
    case 'chart':
      return (
        <Titled text={section.title}>
          <ReportChart section={section} />
        </Titled>
      );
    case 'map':
      return (
        <Titled text={section.title}>
          <ReportMap section={section} />
        </Titled>
      );
  }
}

function Titled({ text, children }: { text?: string; children: ReactNode }) {
  return (
    <section className="report-section">
      {text && (
        <Typography.Title level={3} className="report-section-title">
          {text}
        </Typography.Title>
      )}
      {children}
    </section>
  );
}
