import { cspNonce } from './csp-nonce';

afterEach(() => document.head.querySelectorAll('meta').forEach((meta) => meta.remove()));

test('reads the page’s nonce from its meta tag', () => {
  document.head.insertAdjacentHTML('afterbegin', '<meta name="csp-nonce" content="abc+/123==">');
  expect(cspNonce()).toBe('abc+/123==');
});

test('is undefined on a page the server gave no nonce', () => {
  expect(cspNonce()).toBeUndefined();
});
