// Panic Notifications (/portal/panic_notification; issue 11 item 6) against a fake server: the
// saved lists load, a bad address is refused before anything is sent, a save sends both lists
// (with what is still typed), and the server's refusal is shown beside the list it names.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockApi, type TaskAnswer } from '../../test/mockApi';
import { userOf } from '../../test/fixtures';
import { withDraft } from './PanicNotificationPage';

afterEach(() => vi.unstubAllGlobals());

function panicServer(answer?: (p: Record<string, any>) => TaskAnswer) {
  let settings = { emails: ['ops@acme.co.za'], sms: [] as string[] };
  return mockApi({
    get_panic_notification_settings: () => ({ data: { panic_notification_settings: settings } }),
    set_panic_notification_settings: (p) => {
      if (answer) return answer(p);
      settings = { emails: p.emails, sms: p.sms };
      return { data: { panic_notification_settings: settings } };
    },
  });
}

const box = (label: string) =>
  screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(box(label), { target: { value } });
const save = () => fireEvent.click(screen.getByText('Save').closest('button')!);

describe('Panic Notifications', () => {
  it('refuses a bad e-mail address before sending anything', async () => {
    const api = panicServer();
    renderApp('/portal/panic_notification', { user: userOf('full') });
    expect(await screen.findByText('ops@acme.co.za')).toBeTruthy();
    type('E-mail addresses', 'control-room.acme.co.za');
    save();
    expect(
      await screen.findByText('"control-room.acme.co.za" is not a valid e-mail address'),
    ).toBeTruthy();
    type('SMS numbers', '12ab');
    save();
    expect(
      await screen.findByText(
        '"12ab" is not a valid phone number (digits, optionally starting with +)',
      ),
    ).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(api.requestsOf('set_panic_notification_settings')).toHaveLength(0);
  });

  it('saves both lists, with what is still typed in a box', async () => {
    const api = panicServer();
    renderApp('/portal/panic_notification', { user: userOf('full') });
    await screen.findByText('ops@acme.co.za');
    type('SMS numbers', '+27 82 555 0101');
    fireEvent.keyDown(box('SMS numbers'), { key: 'Enter' });
    expect(await screen.findByText('+27 82 555 0101')).toBeTruthy();
    type('E-mail addresses', 'night@acme.co.za');
    save();
    await waitFor(() => expect(api.requestsOf('set_panic_notification_settings')).toHaveLength(1));
    expect(api.requestsOf('set_panic_notification_settings')[0].parameters).toEqual({
      emails: ['ops@acme.co.za', 'night@acme.co.za'],
      sms: ['+27 82 555 0101'],
    });
    expect(
      await screen.findByText('Saved: 2 e-mail addresses and 1 SMS number will be told'),
    ).toBeTruthy();
    // Removing an entry and saving sends the shorter list.
    fireEvent.click(screen.getByLabelText('Remove ops@acme.co.za'));
    save();
    await waitFor(() => expect(api.requestsOf('set_panic_notification_settings')).toHaveLength(2));
    expect(api.requestsOf('set_panic_notification_settings')[1].parameters.emails).toEqual([
      'night@acme.co.za',
    ]);
  });

  it('shows the server’s refusal beside the list it names', async () => {
    panicServer(() => ({
      result: 3,
      message: 'sms.0: "+27 82" is not a valid phone number; Too many changes today',
    }));
    renderApp('/portal/panic_notification', { user: userOf('full') });
    await screen.findByText('ops@acme.co.za');
    save();
    expect(await screen.findByText('"+27 82" is not a valid phone number')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Too many changes today');
  });

  it('counts a typed entry once, and names the first bad one', () => {
    expect(withDraft('emails', ['a@b.co'], 'a@b.co, c@d.co')).toEqual({
      list: ['a@b.co', 'c@d.co'],
      problem: null,
    });
    expect(withDraft('sms', [], '0825550101; nope').problem).toBe(
      '"nope" is not a valid phone number (digits, optionally starting with +)',
    );
  });
});
