import { useState } from 'react';
import { Button, Heading, Stack } from '@chakra-ui/react';
import { errorMessage, useAuditTrail, useCompanies, useLookups, useStaff, type AuditFilter } from '@portal/api-client';
import { MESSAGES, canReadAuditTrail, type AuditValueNames } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { auditMessages } from '@portal/features';
import { ErrorAlert, ListStates } from '@portal/ui';
import { useT } from '../../messages';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The trail's words (a catalogue of @portal/features), in the reader's language, loaded with this code (mfe-admin/src/settings-pages.tsx). */
export const ready = auditMessages.preload();

/** What the table names ids with: the ticket lookups, staff and companies (lists the screen reads anyway). */
function useValueNames(): AuditValueNames {
  const lookups = useLookups();
  const { data: staff } = useStaff();
  const { data: companies } = useCompanies();
  const timeZone = useSession((s) => s.timeZone);
  return {
    ...lookups,
    timeZone,
    people: new Map((staff ?? []).map((c) => [c.contact_id, `${c.first_name} ${c.last_name}`])),
    companies: new Map((companies ?? []).map((c) => [c.company_id, c.name])),
  };
}

/**
 * Admin settings → Audit (docs/product/accounts-and-roles.md#audit-trail): every recorded change and sign-in, newest first,
 * filtered by record type, action, who, company, record and dates; older pages on demand.
 */
export function AuditTrail() {
  const viewer = useViewer();
  return viewer && canReadAuditTrail(viewer) ? <AuditTrailScreen /> : <ErrorAlert message={MESSAGES.notAuthorized} />;
}

function AuditTrailScreen() {
  const t = useT();
  const [filter, setFilter] = useState<AuditFilter>({});
  const { data: pages, error, isLoading, size, setSize } = useAuditTrail(filter);
  const names = useValueNames();

  const entries = (pages ?? []).flatMap((page) => page.entries);
  const last = pages?.at(-1);
  const loadingMore = pages !== undefined && pages.length < size;

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{t('audit.heading')}</Heading>
      <AuditFilters value={filter} onChange={setFilter} />
      <ErrorAlert message={error ? errorMessage(error) : null} />
      <ListStates data={pages ? entries : undefined} loading={isLoading} emptyText={t('audit.empty')}>
        {(list) => <AuditTable entries={list} names={names} />}
      </ListStates>
      {last && last.next !== null ? (
        <Button alignSelf="start" size="sm" variant="outline" loading={loadingMore} onClick={() => void setSize(size + 1)}>
          {t('audit.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}
