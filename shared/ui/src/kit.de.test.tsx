import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import type { TicketSla } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
// eslint-disable-next-line no-restricted-imports -- the test stands in for the shell, which sets the reader's language and the agency's currency
import { useSession } from '@portal/session';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorAlert } from './error-alert';
import { DateText, Money, WholeMoney } from './formatters';
import { ListStates } from './list-states';
import { uiMessages } from './messages';
import { NotFoundPage } from './not-found-page';
import { PortalProvider } from './portal-provider';
import { SlaBadge } from './sla-badge';

// The kit in German (docs/product/languages.md): its own texts, the product's fixed texts through the table keyed by
// the English text, and money and dates as Germans write them, in the agency's currency.

// The expected German is the table's own (its wording is the product writers', not this test's).
const table = jest.requireActual<Readonly<Record<string, string>>>('@portal/domain/message-translations/de.json');

// Not @portal/testing's readIn: the kit builds on @portal/ui (and needs the MSW environment this suite does not have).
beforeEach(async () => {
  useSession.setState({ language: 'de', currency: 'EUR', timeZone: 'Europe/Berlin' });
  await uiMessages.preload('de'); // the product's fixed texts in German too
});
afterEach(() => useSession.setState({ language: 'en', currency: 'USD', timeZone: 'UTC' }));

const show = (ui: ReactNode) => render(<PortalProvider>{ui}</PortalProvider>);

it("ErrorAlert shows one of the product's fixed texts in German, and a text it does not know as it is", () => {
  expect(table[MESSAGES.ticketNotFound]).toBeDefined();
  const { unmount } = show(<ErrorAlert message={new Error(MESSAGES.ticketNotFound)} />);
  expect(screen.getByRole('alert')).toHaveTextContent(table[MESSAGES.ticketNotFound]!);
  unmount();
  show(<ErrorAlert message="Die Rechnung ist schon versandt." />);
  expect(screen.getByRole('alert')).toHaveTextContent('Die Rechnung ist schon versandt.');
});

it('a list says it is loading in German; the not-found page and the confirmation speak German', () => {
  show(
    <>
      <ListStates data={undefined}>{() => null}</ListStates>
      <NotFoundPage />
      <ConfirmDialog open message="Wirklich?" onConfirm={() => undefined} onCancel={() => undefined} />
    </>,
  );
  expect(screen.getByText(table[MESSAGES.loading]!)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
  expect(screen.getByText('Unter dieser Adresse gibt es keine Seite.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
});

it('money in euros and dates as Germans write them, on the given zone or the reader\'s clock', () => {
  show(
    <>
      <Money amount={1234.5} />
      <WholeMoney amount={1234.01} />
      <DateText iso="2026-11-21T03:00:00.000Z" timeZone="America/New_York" />
      <DateText iso="2026-11-21T15:00:00.000Z" withTime data-testid="berlin" />
    </>,
  );
  expect(screen.getByText('1.234,50 €')).toBeInTheDocument();
  expect(screen.getByText('1.235 €')).toBeInTheDocument();
  expect(screen.getByText('20.11.2026')).toHaveAttribute('datetime', '2026-11-21T03:00:00.000Z');
  expect(screen.getByTestId('berlin')).toHaveTextContent('21.11.2026, 16:00');
});

it('the SLA badge speaks German', () => {
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const clock = (over: Partial<TicketSla> = {}): TicketSla => ({
    target: 'first_response', due_at: at(135), at_risk_at: at(60), left_minutes: 135, state: 'ok', paused: false, ...over,
  });
  show(
    <>
      <SlaBadge sla={clock()} />
      <SlaBadge sla={clock({ target: 'resolution', state: 'breached', left_minutes: -60, due_at: at(-60), at_risk_at: at(-90) })} />
      <SlaBadge sla={clock({ paused: true })} />
    </>,
  );
  expect(screen.getAllByTestId('sla-badge').map((badge) => badge.textContent)).toEqual([
    'Erste Antwort fällig in 2 h 15 min', 'Lösung überfällig seit 1 h', 'Erste Antwort fällig in 2 h 15 min (pausiert: wartet auf den Kunden)',
  ]);
});
