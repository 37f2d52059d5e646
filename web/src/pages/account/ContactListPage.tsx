// account/contact_list (SPEC §2 /portal/account): the client's contacts, lowest rank first
// (SPEC §4), with their contact roles, and phone and e-mail as links. "No calls after hours or at
// weekends" shows for the no_afterhours_contact role and for person role 10 alike (SPEC-CHECKLIST
// decision). Users with feature_accounts or feature_drivers_edit edit them here.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { Contact, Role } from '@fleet/common';
import { contactsQuery } from '../../api/people';
import PageContainer from '../../components/PageContainer';
import { usePermission } from '../../components/Permission';
import { useIsMobile } from '../../layout/useResponsive';
import {
  CONTACT_ROLE_COLOURS,
  CONTACT_ROLE_LABELS,
  DONT_CONTACT_ROLE,
  NO_AFTER_HOURS,
  fullName,
  type ContactRole,
} from '../drivers/personWording';
import { actionsColumn } from '../drivers/RowActions';
import ContactEditModal from './ContactEditModal';
import './contactList.css';

const EDIT_ROLES: Role[] = ['feature_accounts', 'feature_drivers_edit'];
const PERSON_PAGE_ROLES: Role[] = ['feature_drivers_view', 'feature_drivers_edit'];

/** SPEC §4: by rank ascending; equal ranks by name, so the order never jumps. */
export function byRank(a: Contact, b: Contact): number {
  return a.rank - b.rank || fullName(a).localeCompare(fullName(b));
}

function ContactRoles({ contact }: { contact: Contact }) {
  const roles = contact.contact_roles.filter(
    (r): r is ContactRole => r in CONTACT_ROLE_LABELS && r !== 'no_afterhours_contact',
  );
  const noAfterHours =
    contact.contact_roles.includes('no_afterhours_contact') ||
    contact.roles.includes(DONT_CONTACT_ROLE);
  if (!roles.length && !noAfterHours) return <>—</>;
  return (
    <span className="contact-tags">
      {roles.map((r) => (
        <Tag key={r} color={CONTACT_ROLE_COLOURS[r]}>
          {CONTACT_ROLE_LABELS[r]}
        </Tag>
      ))}
      {noAfterHours && <Tag color="orange">{NO_AFTER_HOURS}</Tag>}
    </span>
  );
}

export default function ContactListPage() {
  const mobile = useIsMobile();
  const canEdit = usePermission(EDIT_ROLES);
  const canOpen = usePermission(PERSON_PAGE_ROLES);
  const query = useQuery(contactsQuery());
  const rows = useMemo(() => [...(query.data?.contacts ?? [])].sort(byRank), [query.data]);
  const [editing, setEditing] = useState<Contact | null>(null);

  const name = (c: Contact) =>
    canOpen ? <Link to={`/portal/drivers/edit_driver/${c.pid}`}>{fullName(c)}</Link> : fullName(c);

  return (
    <PageContainer subTitle="Whom we call about your account and your vehicles, in this order">
      <Card variant="borderless">
        {query.isSuccess && rows.length === 0 ? (
          <Empty
            description={
              <Space orientation="vertical" size={4}>
                <Typography.Text strong>No contacts yet</Typography.Text>
                <Typography.Text type="secondary">
                  Your contacts are the people we call about your account, installations, billing
                  and emergencies, lowest rank first. Give people a contact role on the Drivers page
                  to list them here.
                </Typography.Text>
              </Space>
            }
          />
        ) : (
          <Table<Contact>
            rowKey="pid"
            loading={query.isFetching}
            dataSource={rows}
            pagination={false}
            scroll={mobile ? undefined : { x: 'max-content' }}
            columns={[
              { title: 'Rank', dataIndex: 'rank', align: 'right', width: 72 },
              {
                title: 'Name',
                key: 'name',
                render: (_, c) => (
                  <span className="contact-cell-lines">
                    {name(c)}
                    {mobile && <ContactRoles contact={c} />}
                    {mobile && c.cellphone && <a href={`tel:${c.cellphone}`}>{c.cellphone}</a>}
                  </span>
                ),
              },
              {
                title: 'Roles',
                key: 'roles',
                responsive: ['md'],
                render: (_, c) => <ContactRoles contact={c} />,
              },
              // On a phone the number is a line of the name's cell, so the table fits.
              ...(mobile
                ? []
                : [
                    {
                      title: 'Phone',
                      dataIndex: 'cellphone',
                      render: (v: string | null) => (v ? <a href={`tel:${v}`}>{v}</a> : '—'),
                    },
                  ]),
              {
                title: 'E-mail',
                dataIndex: 'email',
                responsive: ['sm'],
                render: (v: string | null) => (v ? <a href={`mailto:${v}`}>{v}</a> : '—'),
              },
              ...(canEdit
                ? [
                    actionsColumn((c: Contact) => (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`Edit ${fullName(c)}`}
                        onClick={() => setEditing(c)}
                      />
                    )),
                  ]
                : []),
            ]}
          />
        )}
      </Card>
      {editing && <ContactEditModal contact={editing} onClose={() => setEditing(null)} />}
    </PageContainer>
  );
}
