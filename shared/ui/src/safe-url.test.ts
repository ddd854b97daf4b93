import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each(['https://example.test/a', 'http://example.test', 'mailto:a@example.test', '/clients/1', '#top', '?q=1', 'page.html', './x:y'])(
    'keeps %s',
    (url) => expect(safeUrl(url)).toBe(url),
  );

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'tel:555'])(
    'drops %s',
    (url) => expect(safeUrl(url)).toBe(''),
  );
});
