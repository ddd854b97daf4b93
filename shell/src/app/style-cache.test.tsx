import { Box } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createApiClient } from '@portal/api-client';
import { AppProviders } from './app-providers';
import { createStyleCache } from './style-cache';

afterEach(() => document.head.querySelectorAll('meta[name="csp-nonce"]').forEach((meta) => meta.remove()));

test('every style element Chakra inserts carries the page’s nonce', () => {
  document.head.insertAdjacentHTML('afterbegin', '<meta name="csp-nonce" content="page-nonce">');
  render(
    <AppProviders client={createApiClient({ fetch: () => Promise.reject(new Error('offline')) })} styleCache={createStyleCache()}>
      <Box color="red.500" padding="3">Styled</Box>
    </AppProviders>,
  );
  expect(screen.getByText('Styled')).toBeInTheDocument();
  const styles = [...document.head.querySelectorAll('style[data-emotion]')];
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) expect(style.getAttribute('nonce')).toBe('page-nonce');
});
