/**
 * The printed invoice is a clean A4 page: the shell's header, footer and navigation and anything
 * marked data-print-hide are left out, black on white, no shadows, table rows never split.
 */
export const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 15mm; }
  html, body { background: #fff !important; color: #000 !important; }
  header, footer, nav, [data-print-hide] { display: none !important; }
  [data-invoice] { max-width: none !important; padding: 0 !important; }
  [data-invoice] * { color: #000 !important; background: transparent !important; box-shadow: none !important; text-shadow: none !important; }
  [data-invoice] a { text-decoration: none !important; }
  tr, img { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
}
`;

export function PrintStyles() {
  return <style data-print-styles="">{PRINT_CSS}</style>;
}
