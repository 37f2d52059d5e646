// /recovery/search, the recovery section's landing page (issue 16 item 5; SPEC §7 `search`): one
// box across every client for units (name, registration, VIN, device identifier), clients and
// people, answering as you type. Each answer is kept under its own text, so an answer that comes
// back late for an older text never replaces the newer one. The address keeps the text (?q=), so
// coming back from a result shows the same results. Arrow keys walk the results; Enter opens one.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Input, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { SearchHit } from '@fleet/common';
import { recoverySearchQuery } from '../../api/recovery';
import PageContainer from '../../components/PageContainer';
import Highlight from './views/Highlight';
import {
  matches,
  SEARCH_GROUPS,
  searchItems,
  type SearchGroup,
  type SearchItem,
} from './views/searchResults';
import { clientStateName, serviceTypeName } from './views/wording';
import './desk/desk.css';
import './views/views.css';

/** How long typing must pause before the box asks (ms). */
export const SEARCH_DEBOUNCE_MS = 150;
/** At most this many of each kind. */
export const SEARCH_LIMIT = 10;

const WHAT_TO_TYPE =
  "Type part of a unit's name, registration, VIN or device IMEI, a client's name, or a person's name, cellphone number or e-mail address.";

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function summary(hit: SearchHit): string {
  return [
    plural(hit.units.length, 'unit', 'units'),
    plural(hit.clients.length, 'client', 'clients'),
    plural(hit.people.length, 'person', 'people'),
  ].join(', ');
}

export default function RecoverySearchPage() {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q') ?? '';
  const [text, setText] = useState(urlQuery);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  // Another ?q= while the page is open (back and forward between two searches).
  const lastUrl = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery === lastUrl.current) return;
    lastUrl.current = urlQuery;
    setText(urlQuery);
  }, [urlQuery]);
  // The address follows what was asked, without a history entry per keystroke.
  useEffect(() => {
    if (q === lastUrl.current.trim()) return;
    lastUrl.current = q;
    setParams(q ? { q } : {}, { replace: true, preventScrollReset: true });
  }, [q, setParams]);

  const query = useQuery({
    ...recoverySearchQuery(q, SEARCH_LIMIT),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    select: (d) => d.search,
  });
  // The text the shown answer is for: while a newer one loads, the older answer stays (dimmed) and
  // keeps its own marks.
  const answeredFor = useRef('');
  if (query.data && !query.isPlaceholderData) answeredFor.current = q;
  const hit = q ? query.data : undefined;
  const items = hit ? searchItems(hit) : [];
  links.current.length = items.length;

  // Enter before the answer for what is in the box has come: open its first result once it does.
  const current = !!hit && !query.isPlaceholderData && q === text.trim();
  const openFirst = useRef(false);
  const first = current ? items[0]?.to : undefined;
  useEffect(() => {
    if (!current || !openFirst.current) return;
    openFirst.current = false;
    if (first) navigate(first);
  }, [current, first, navigate]);

  const focusItem = (index: number) => {
    if (index < 0) input.current?.focus();
    else links.current[Math.min(index, items.length - 1)]?.focus();
  };
  const onBoxKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && items.length) {
      e.preventDefault();
      focusItem(0);
    } else if (e.key === 'Enter' && text.trim()) {
      e.preventDefault();
      if (current) {
        if (items.length) navigate(items[0].to);
      } else openFirst.current = true;
    } else if (e.key === 'Escape' && text) {
      e.preventDefault();
      openFirst.current = false;
      setText('');
    }
  };
  const onItemKey = (index: number) => (e: KeyboardEvent<HTMLAnchorElement>) => {
    const to: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
      Escape: -1,
    };
    if (e.key in to) {
      e.preventDefault();
      focusItem(to[e.key]);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      navigate(items[index].to);
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      // Typing again goes back to the box, which takes the letter.
      input.current?.focus();
    }
  };

  const marks = answeredFor.current;
  let index = 0;
  const row = (item: SearchItem, title: ReactNode, sub: ReactNode) => {
    const i = index++;
    return (
      <li key={item.key}>
        <Link
          to={item.to}
          className="recovery-result"
          ref={(el) => {
            links.current[i] = el;
          }}
          onKeyDown={onItemKey(i)}
          data-result-index={i}
        >
          <div className="recovery-result-title">{title}</div>
          <div className="recovery-result-sub">{sub}</div>
        </Link>
      </li>
    );
  };

  const groups: Record<SearchGroup, ReactNode[]> = hit
    ? {
        units: hit.units.map((u, i) =>
          row(
            items[i],
            <Highlight text={u.name} query={marks} />,
            <>
              {u.reg && (
                <span>
                  Reg <Highlight text={u.reg} query={marks} />
                </span>
              )}
              <span>{u.client_name}</span>
              <span>{serviceTypeName(u.service_type)}</span>
              {matches(u.vin, marks) && (
                <span>
                  VIN <Highlight text={u.vin} query={marks} />
                </span>
              )}
              {u.device_id && matches(u.device_id, marks) && (
                <span>
                  IMEI <Highlight text={u.device_id} query={marks} />
                </span>
              )}
              {!u.connected && <Tag>Not connected</Tag>}
            </>,
          ),
        ),
        clients: hit.clients.map((c, i) =>
          row(
            items[hit.units.length + i],
            <Highlight text={c.name} query={marks} />,
            <>
              <span>{clientStateName(c.state)}</span>
              <span>{plural(c.unit_count, 'unit', 'units')}</span>
            </>,
          ),
        ),
        people: hit.people.map((p, i) =>
          row(
            items[hit.units.length + hit.clients.length + i],
            <Highlight text={`${p.first_name} ${p.surname}`.trim()} query={marks} />,
            <>
              <span>Contact of {p.client_name}</span>
              {p.cellphone && <Highlight text={p.cellphone} query={marks} />}
              {p.email && <Highlight text={p.email} query={marks} />}
            </>,
          ),
        ),
      }
    : { units: [], clients: [], people: [] };

  let status: ReactNode = null;
  let body: ReactNode = null;
  if (!q) {
    body = <p className="recovery-muted">{WHAT_TO_TYPE}</p>;
  } else if (query.isError && !hit) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The search did not answer"
        description={query.error.message}
      />
    );
  } else if (!hit) {
    status = 'Searching…';
  } else if (!items.length) {
    status = `Nothing found for “${marks}”.`;
    body = (
      <p className="recovery-muted">
        Try fewer letters, part of a registration (such as “CA 123”), the last digits of an IMEI or
        VIN, or a surname. {WHAT_TO_TYPE}
      </p>
    );
  } else {
    status = `${summary(hit)} for “${marks}”.${query.isPlaceholderData ? ' Searching…' : ''}`;
    body = (
      <div
        className={`recovery-results${query.isPlaceholderData ? ' is-stale' : ''}`}
        aria-busy={query.isPlaceholderData}
      >
        {SEARCH_GROUPS.map(({ key, title }) =>
          groups[key].length ? (
            <section key={key} className="recovery-result-group" aria-labelledby={`results-${key}`}>
              <Typography.Title level={2} id={`results-${key}`}>
                {title} <span className="recovery-card-count">({groups[key].length})</span>
              </Typography.Title>
              <ul className="recovery-result-list">{groups[key]}</ul>
              {groups[key].length >= SEARCH_LIMIT && (
                <p className="recovery-more">
                  Showing the first {SEARCH_LIMIT}. Type more to narrow it down.
                </p>
              )}
            </section>
          ) : null,
        )}
      </div>
    );
  }

  return (
    <PageContainer subTitle="Units, clients and people of every client">
      <div className="recovery-search-box">
        <label htmlFor="recovery-search" className="recovery-search-label">
          Search units, clients and people
        </label>
        <Input
          id="recovery-search"
          ref={(el) => {
            input.current = el?.input ?? null;
          }}
          size="large"
          autoFocus
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={80}
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Name, registration, VIN, IMEI, client or person"
          value={text}
          onChange={(e) => {
            openFirst.current = false;
            setText(e.target.value);
          }}
          onKeyDown={onBoxKey}
          aria-describedby="recovery-search-hint"
        />
        <p id="recovery-search-hint" className="recovery-search-hint">
          Results show as you type. Down arrow moves into them, Enter opens one, Escape clears.
        </p>
      </div>
      <p className="recovery-search-status" role="status" aria-live="polite">
        {status}
      </p>
      {body}
    </PageContainer>
  );
}
