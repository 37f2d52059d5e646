// The survey modal the site-alert dropdown opens: the open survey's question, a 1 to 5 rating
// whose stars are named radios, a comment; sending answers it once and closes.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userOf } from '../../test/fixtures';
import { PAGE_TEST, renderPage } from '../drivers/testing/renderPage';
import SurveyModal from './SurveyModal';
import { billingApi, SURVEY } from './billing/testing/billingFixtures';

afterEach(() => vi.unstubAllGlobals());

function openModal(onClose = vi.fn()) {
  renderPage(
    '/portal/dashboard',
    {
      path: '/portal/dashboard',
      title: 'Dashboard',
      Component: () => createElement(SurveyModal, { open: true, onClose }),
    },
    userOf('full'),
  );
  return onClose;
}

describe('Survey modal', PAGE_TEST, () => {
  it('asks for a rating before sending, then answers the open survey and closes', async () => {
    const api = billingApi({
      set_survey_answer: (p) => ({
        data: { survey: { ...SURVEY, status: 'answered', rating: p.rating, comment: p.comment } },
      }),
    });
    const onClose = openModal();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('How are we doing?')).toBeTruthy();
    expect(within(dialog).getByText(SURVEY.question)).toBeTruthy();
    const group = within(dialog).getByRole('radiogroup', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('Choose 1 to 5 stars')).toBeTruthy();
    expect(api.requestsOf('set_survey_answer')).toHaveLength(0);

    fireEvent.click(within(group).getByRole('radio', { name: '4 stars: Happy' }));
    fireEvent.change(within(dialog).getByLabelText('Comment'), {
      target: { value: 'Quick support' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(api.requestsOf('set_survey_answer')).toHaveLength(1));
    expect(api.requestsOf('set_survey_answer')[0].parameters).toEqual({
      id: 5,
      rating: 4,
      comment: 'Quick support',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's refusal of a survey already answered", async () => {
    billingApi({
      set_survey_answer: () => ({ result: 1, message: 'This survey was already answered' }),
    });
    openModal();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('radio', { name: '5 stars: Very happy' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    expect(await within(dialog).findByText('This survey was already answered')).toBeTruthy();
  });

  it('says when no survey is waiting', async () => {
    billingApi({ get_surveys: () => ({ data: { surveys: [{ ...SURVEY, status: 'answered' }] } }) });
    openModal();
    expect(await screen.findByText('There is no survey waiting for you. Thank you!')).toBeTruthy();
  });
});
