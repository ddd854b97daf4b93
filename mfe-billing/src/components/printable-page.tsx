import type { ReactNode } from 'react';
import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Printer } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '@portal/api-client';
import { cspNonce, ErrorAlert } from '@portal/ui';
import { useT } from '../messages';

/** The printed documents of the billing remote, each marked by its attribute (`data-invoice`, `data-statement`). */
export type PrintedDocument = 'invoice' | 'statement';

/**
 * A printed invoice or statement is a clean A4 page: the shell's header, footer and navigation and anything
 * marked data-print-hide are left out, black on white, no shadows, table rows and checklists never split.
 */
export function printCss(document: PrintedDocument): string {
  const marked = `[data-${document}]`;
  return `
@media print {
  @page { size: A4; margin: 15mm; }
  /* Chakra sizes in rem: a smaller root size fits a month of items on one A4 page. */
  html { font-size: 11px !important; }
  html, body { background: #fff !important; color: #000 !important; }
  main { padding: 0 !important; }
  header, footer, nav, [data-print-hide] { display: none !important; }
  ${marked} { max-width: none !important; padding: 0 !important; }
  ${marked} td, ${marked} th { padding-top: 2pt !important; padding-bottom: 2pt !important; }
  ${marked} * { color: #000 !important; background: transparent !important; box-shadow: none !important; text-shadow: none !important; }
  ${marked} a { text-decoration: none !important; }
  /* A table scrolls sideways on a phone; on paper it is drawn whole. */
  ${marked} [data-table-scroll] { overflow: visible !important; }
  tr, img, li, section { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
}
`;
}

/** A `<style>` element of its own: the page's Content Security Policy allows it with the page's nonce. */
function PrintStyles({ document }: { document: PrintedDocument }) {
  return <style data-print-styles="" nonce={cspNonce()}>{printCss(document)}</style>;
}

/**
 * An invoice's or a statement's page: a link back and Print (both left off the paper), the read's error or
 * 'Loading…', then the document once read.
 */
export function PrintablePage({ document, back, error, isLoading, children }: {
  document: PrintedDocument;
  back: { to: string; label: string };
  error: unknown;
  isLoading: boolean;
  /** The document, once read; null before. */
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Stack gap="4" maxW="4xl">
      <PrintStyles document={document} />
      <HStack justify="space-between" data-print-hide="">
        <Link asChild colorPalette="blue">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Link>
        <Button size="sm" variant="outline" onClick={() => window.print()} disabled={!children}>
          <Printer aria-hidden /> {t('common.print')}
        </Button>
      </HStack>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {children}
    </Stack>
  );
}
