import { render, screen } from '@testing-library/react';
import { ListStates, type ListStatesProps } from './list-states';
import { PortalProvider } from './portal-provider';

const table = (items: readonly string[]) => <ul aria-label="Things">{items.map((item) => <li key={item}>{item}</li>)}</ul>;

function show(props: Omit<ListStatesProps<readonly string[]>, 'children'>) {
  return render(<PortalProvider><ListStates {...props}>{table}</ListStates></PortalProvider>);
}

it('says Loading… until the first answer', () => {
  show({ data: undefined, emptyText: 'Nothing yet.' });
  expect(screen.getByText('Loading…')).toBeInTheDocument();
  expect(screen.queryByRole('list')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});

it('shows the failure in an alert when the list could not be read', () => {
  show({ data: undefined, error: 'Failed to load time entries.' });
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to load time entries.');
  expect(screen.queryByText('Loading…')).toBeNull();
});

it('says Loading… while told so, whatever the error', () => {
  show({ data: undefined, loading: true, error: null });
  expect(screen.getByText('Loading…')).toBeInTheDocument();
});

it('shows nothing before an answer when told it is not loading and has no error', () => {
  const { container } = show({ data: undefined, loading: false });
  expect(container).toBeEmptyDOMElement();
});

it('shows the empty text for an empty list, or nothing without one', () => {
  const { unmount } = show({ data: [], emptyText: 'No held mail.' });
  expect(screen.getByText('No held mail.')).toBeInTheDocument();
  expect(screen.queryByRole('list')).toBeNull();
  unmount();
  const { container } = show({ data: [] });
  expect(container).toBeEmptyDOMElement();
});

it('draws the list, and keeps it when a refresh fails', () => {
  show({ data: ['one', 'two'], error: new Error('The server could not be reached.'), emptyText: 'None.' });
  expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('onetwo');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByText('None.')).toBeNull();
});
