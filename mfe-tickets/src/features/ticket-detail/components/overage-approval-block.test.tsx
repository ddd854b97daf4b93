import { act, fireEvent, screen, within } from '@testing-library/react';
import { hourBankBalanceOf } from '@portal/domain';
import { ACME_ID, aClient, anAgent, aTicketDetail, createMockApi, type MockApi } from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { RemoteRoutes } from '../../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../../test-support/markdown-editor-double')>('../../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// Approval beyond the plan hours on the ticket (docs/product/hour-banks.md#approval-beyond-the-plan): staff ask, the
// primary contact approves or declines; the Plan hours card shows beside it.

const PAGE = `/clients/${ACME_ID}/tickets/12`;
const bank = {
  balance: hourBankBalanceOf({ month: '2026-12', includedUnits: 100, rolledOverUnits: 0, usedUnits: 100, spentOn: [{ ticketId: 12, title: 'Fix the contact form', units: 100 }] }),
  settings: { included_hours: 10, rollover_cap_hours: 0 },
};

// The block and the card are lazy chunks of the ticket page: compiled before the tests, so the first test's one-second
// wait for the block is spent on the page, not on jest transforming the two modules under a busy machine.
beforeAll(async () => {
  await Promise.all([import('./overage-approval-block'), import('./plan-hours-card')]);
});

const portal = (): MockApi => createMockApi({ tickets: [aTicketDetail()], hourBanks: { [ACME_ID]: bank } });

async function page(api: MockApi, as: ReturnType<typeof aClient>) {
  renderRemote(<RemoteRoutes />, { viewer: as, api, history: [PAGE] });
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  return within(await screen.findByRole('group', { name: 'Approval beyond the plan' }));
}

it('staff ask for the hours beyond the plan and see the question waiting for the client', async () => {
  const api = portal();
  const box = await page(api, anAgent());
  expect(screen.getByRole('region', { name: 'Plan hours' })).toHaveTextContent('10 of 10 hours used');
  fireEvent.click(box.getByRole('button', { name: 'Ask for approval' }));
  fireEvent.change(box.getByRole('textbox', { name: 'Hours beyond the plan' }), { target: { value: '3' } });
  await act(async () => fireEvent.click(box.getByRole('button', { name: 'Send' })));
  expect(await box.findByText("This needs about 3 hours beyond your plan's 10: approve?")).toBeInTheDocument();
  expect(box.getByText('Awaiting approval')).toBeInTheDocument();
  expect(box.queryByRole('button', { name: 'Approve' })).toBeNull();
  expect(api.db.overageApprovals[12]).toMatchObject({ units: 30, status: 'pending' });
});

it('the primary contact approves; the answer is recorded', async () => {
  const api = portal();
  api.db.overageApprovals[12] = {
    id: 1, month: '2026-12', units: 30, status: 'pending', date_requested: '2026-12-01T10:00:00.000Z', date_decided: null,
    question: "This needs about 3 hours beyond your plan's 10: approve?",
  };
  const box = await page(api, aClient());
  expect(box.getByText("This needs about 3 hours beyond your plan's 10: approve?")).toBeInTheDocument();
  await act(async () => fireEvent.click(box.getByRole('button', { name: 'Approve' })));
  expect(await box.findByText('Approved')).toBeInTheDocument();
  expect(api.db.overageApprovals[12]?.status).toBe('approved');
  expect(box.queryByRole('button', { name: 'Ask for approval' })).toBeNull();
});
