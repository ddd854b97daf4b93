import { render, screen } from '@testing-library/react';
import { ErrorAlert } from './error-alert';
import { PortalProvider } from './portal-provider';

const show = (message: unknown) => render(<PortalProvider><ErrorAlert message={message} /></PortalProvider>);

it("shows a message, or an error's message, in an alert", () => {
  show('Time not entered.');
  expect(screen.getByRole('alert')).toHaveTextContent('Time not entered.');
});

it("shows an Error's message", () => {
  show(new Error('Ticket not found.'));
  expect(screen.getByRole('alert')).toHaveTextContent('Ticket not found.');
});

it('shows nothing without a message', () => {
  show(null);
  expect(screen.queryByRole('alert')).toBeNull();
});
