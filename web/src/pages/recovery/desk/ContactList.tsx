// A client's emergency contacts as the desk calls them (issue 16 item 3; SPEC §4 contacts by rank
// ascending; SPEC-CHECKLIST "Don't contact"): emergency contacts first, each by rank, with a call
// link and a "Log call" action. A person who may not be called now is greyed and says why.
import { PhoneOutlined } from '@ant-design/icons';
import { Button, Empty, Tag } from 'antd';
import type { EmergencyContact } from '@fleet/common';
import './desk.css';

export const contactName = (c: Pick<EmergencyContact, 'title' | 'first_name' | 'surname'>) =>
  [c.title, c.first_name, c.surname].filter(Boolean).join(' ').trim() || 'Unnamed contact';

const isEmergency = (c: EmergencyContact) =>
  c.roles.some((r) => /emergency/i.test(r.replace(/_/g, ' ')));

/** Emergency contacts first, then the others, each by rank ascending (stable otherwise). */
export function sortContacts(contacts: readonly EmergencyContact[]): EmergencyContact[] {
  return contacts
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) =>
        Number(isEmergency(b.c)) - Number(isEmergency(a.c)) || a.c.rank - b.c.rank || a.i - b.i,
    )
    .map(({ c }) => c);
}

/** The tel: address of a number: digits and a leading +. */
export const telHref = (number: string) => `tel:${number.replace(/[^+0-9]/g, '')}`;

type Props = {
  contacts: readonly EmergencyContact[];
  /** shows a "Log call" action per person */
  onLogCall?: (contact: EmergencyContact) => void;
  /** the client's office hours are over: said once above the list */
  afterHours?: boolean;
  emptyText?: string;
};

export default function ContactList({
  contacts,
  onLogCall,
  afterHours,
  emptyText = 'This client has no contacts.',
}: Props) {
  if (contacts.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      {afterHours && (
        <p className="contact-after-hours">
          It is after hours for this client: people who asked not to be called after hours are
          greyed.
        </p>
      )}
      <ol className="contact-list" aria-label="Contacts, in the order to call them">
        {sortContacts(contacts).map((c) => {
          const name = contactName(c);
          const callable = c.callable_now;
          return (
            <li
              key={c.pid}
              className={`contact-item${callable ? '' : ' contact-not-callable'}`}
              data-callable={callable ? 'true' : 'false'}
            >
              <div className="contact-head">
                <span className="contact-name">{name}</span>
                <Tag className="contact-rank">Rank {c.rank}</Tag>
                {c.roles.map((r) => (
                  <Tag key={r}>{r}</Tag>
                ))}
              </div>
              {!callable && (
                <div className="contact-reason">
                  Do not call now: {c.not_callable_reason || 'not callable at this time'}
                </div>
              )}
              <div className="contact-actions">
                {c.cellphone ? (
                  callable ? (
                    <Button
                      className="contact-call"
                      href={telHref(c.cellphone)}
                      icon={<PhoneOutlined aria-hidden />}
                      aria-label={`Call ${name} on ${c.cellphone}`}
                    >
                      {c.cellphone}
                    </Button>
                  ) : (
                    <span className="contact-number">
                      <PhoneOutlined aria-hidden /> {c.cellphone}
                    </span>
                  )
                ) : (
                  <span className="contact-number">No cellphone number</span>
                )}
                {c.email && <span className="contact-email">{c.email}</span>}
                {onLogCall && (
                  <Button
                    size="small"
                    onClick={() => onLogCall(c)}
                    aria-label={`Log call to ${name}`}
                  >
                    Log call
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}
