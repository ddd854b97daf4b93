import { Box, Button, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Company, CompanyContact } from '@portal/contract';
import { canOpenCompanyDashboardLink, canSeeCompanyNote, type Viewer } from '@portal/domain';
import { Markdown } from '@portal/ui';
import { useT } from '../../../messages';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

function websiteHref(url: string): string {
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/**
 * The company summary card (docs/product/dashboards.md#company-summary-card): name (a dashboard link for admins only), the note behind a Show
 * Note / Hide Note toggle for staff when there is one, the website in lower case and the primary
 * contact; mail, phone and website open in a new tab.
 */
export function CompanySummaryCard({ company, contact, viewer }: { company: Company; contact?: CompanyContact; viewer: Viewer }) {
  const t = useT();
  const [noteShown, setNoteShown] = useState(false);
  const hasNote = !!company.note && company.note.trim() !== '';
  const canToggleNote = hasNote && canSeeCompanyNote(viewer);

  return (
    <Card.Root as="section" aria-label={t('company.summary')} size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          {canOpenCompanyDashboardLink(viewer) ? (
            <Link asChild colorPalette="blue">
              <RouterLink to={`/clients/${company.company_id}`}>{company.name}</RouterLink>
            </Link>
          ) : (
            company.name
          )}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          {company.url ? (
            <Link href={websiteHref(company.url)} colorPalette="blue" {...NEW_TAB}>
              {company.url.toLowerCase()}
            </Link>
          ) : null}
          {contact ? (
            <Box>
              <Text fontWeight="medium">
                {contact.first_name} {contact.last_name}
              </Text>
              <Link href={`mailto:${contact.email}`} colorPalette="blue" display="block" {...NEW_TAB}>
                {contact.email}
              </Link>
              {contact.phone ? (
                <Link href={`tel:${contact.phone}`} colorPalette="blue" display="block" {...NEW_TAB}>
                  {contact.phone}
                </Link>
              ) : null}
            </Box>
          ) : null}
          {canToggleNote ? (
            <Box>
              <Button size="xs" variant="outline" onClick={() => setNoteShown((shown) => !shown)} aria-expanded={noteShown}>
                {noteShown ? t('company.hideNote') : t('company.showNote')}
              </Button>
              {noteShown ? (
                <Box mt="2" data-testid="company-note">
                  <Markdown>{company.note ?? ''}</Markdown>
                </Box>
              ) : null}
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
