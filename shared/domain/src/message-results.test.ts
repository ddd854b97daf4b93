import {
  canRequeueMail, canResendMessage, isRequeueable, isResendable, recipientResult, resultCounts,
} from './message-results';
import type { Viewer } from './policy';

const viewer = (groupId: number): Viewer => ({ contactId: 1, groupId, companyIds: [], primaryCompanyIds: [] });

describe('message recipient results', () => {
  it('follows the recipient, then its outbox mail', () => {
    expect(recipientResult({ status: 'pending', error: null }, null)).toEqual({ result: 'pending', error: null });
    expect(recipientResult({ status: 'failed', error: 'No e-mail address.' }, null)).toEqual({ result: 'failed', error: 'No e-mail address.' });
    expect(recipientResult({ status: 'sent', error: null }, { status: 'pending', error: null })).toEqual({ result: 'queued', error: null });
    expect(recipientResult({ status: 'sent', error: null }, { status: 'pending', error: 'timeout' })).toEqual({ result: 'queued', error: 'timeout' });
    expect(recipientResult({ status: 'sent', error: null }, { status: 'sent', error: null })).toEqual({ result: 'sent', error: null });
    expect(recipientResult({ status: 'sent', error: null }, { status: 'failed', error: '550 no such user' })).toEqual({ result: 'failed', error: '550 no such user' });
  });

  it('counts a recipient marked sent with no mail on record as sent', () => {
    expect(recipientResult({ status: 'sent', error: null }, null)).toEqual({ result: 'sent', error: null });
  });

  it('counts results, with or without a count per group', () => {
    expect(resultCounts([{ result: 'sent', count: 3 }, { result: 'failed' }, { result: 'sent' }])).toEqual({ pending: 0, queued: 0, sent: 4, failed: 1 });
  });

  it('re-sends to failed recipients only', () => {
    expect(['pending', 'queued', 'sent', 'failed'].filter((result) => isResendable({ result: result as 'failed' }))).toEqual(['failed']);
  });

  it('re-queues a given-up mail that was not sent again since', () => {
    expect(isRequeueable({ status: 'failed', superseded_by: null })).toBe(true);
    expect(isRequeueable({ status: 'failed', superseded_by: 9 })).toBe(false);
    expect(isRequeueable({ status: 'pending', superseded_by: null })).toBe(false);
    expect(isRequeueable({ status: 'sent', superseded_by: null })).toBe(false);
  });

  it('lets only admins re-send and re-queue', () => {
    for (const can of [canResendMessage, canRequeueMail]) {
      expect([1, 2, 3, 4, 5].filter((groupId) => can(viewer(groupId)))).toEqual([1]);
    }
  });
});
