import { cspNonce } from '@portal/ui';

/**
 * The printed invoice is a clean A4 page: the shell's header, footer and navigation and anything
 * marked data-print-hide are left out, black on white, no shadows, table rows never split.
 */
export const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 15mm; }
  /* Chakra sizes in rem: a smaller root size fits a month of items on one A4 page. */
  html { font-size: 11px !important; }
  html, body { background: #fff !important; color: #000 !important; }
  main { padding: 0 !important; }
  header, footer, nav, [data-print-hide] { display: none !important; }
  [data-invoice] { max-width: none !important; padding: 0 !important; }
  [data-invoice] td, [data-invoice] th { padding-top: 2pt !important; padding-bottom: 2pt !important; }
  [data-invoice] * { color: #000 !important; background: transparent !important; box-shadow: none !important; text-shadow: none !important; }
  [data-invoice] a { text-decoration: none !important; }
  tr, img { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
}
`;

/** A `<style>` element of its own: the page's Content Security Policy allows it with the page's nonce. */
export function PrintStyles() {
  return <style data-print-styles="" nonce={cspNonce()}>{PRINT_CSS}</style>;
}
