import { render, screen } from '@testing-library/react';
import { NotFoundPage } from './not-found-page';
import { PortalProvider } from './portal-provider';

it('says the page does not exist and offers the way back it is given', () => {
  render(
    <PortalProvider>
      <NotFoundPage>
        <a href="/login">Go to sign in</a>
      </NotFoundPage>
    </PortalProvider>,
  );
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
});
