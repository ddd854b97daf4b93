import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Center, Spinner, Stack } from '@chakra-ui/react';
import { RemoteErrorBoundary } from '@portal/ui';
import { useT } from './messages';
import type { CrmSection, SettingsTab } from './settings-tabs';

/**
 * Each settings tab, crm section and the Releases page is a chunk of its own, loaded when opened (with the words it
 * needs beyond this remote's catalogue): the admin's first screen carries one tab's code, not all of them
 * (docs/performance.md#what-keeps-the-first-screen-small).
 */
type PageKey = Exclude<SettingsTab, 'crm'> | `crm/${CrmSection}` | 'releases';

const LOADERS: Record<PageKey, () => Promise<{ default: ComponentType }>> = {
  'crm/direct': () => import('./features/message-centre/message-centre').then((module) => ({ default: module.MessageCentre })),
  'crm/agents': () => import('./features/manage-agents/manage-agents').then((module) => ({ default: module.ManageAgents })),
  'crm/companies': () => import('./features/manage-companies/manage-companies').then((module) => ({ default: module.ManageCompanies })),
  'crm/mail-in': () => import('./features/mail-in/mail-in').then((module) => ({ default: module.MailIn })),
  'crm/flows': () => import('./components/coming-soon').then((module) => ({ default: () => <module.ComingSoon section="flows" /> })),
  'crm/campaigns': () => import('./components/coming-soon').then((module) => ({ default: () => <module.ComingSoon section="campaigns" /> })),
  assignments: () => import('./features/type-assignments/global-type-assignments').then((module) => ({ default: module.GlobalTypeAssignments })),
  defaults: () => Promise.all([import('./features/default-lists/default-lists-tab'), import('./features/portal-locale/portal-locale-card')])
    .then(([lists, locale]) => ({ default: () => <Stack gap="8"><lists.DefaultListsTab /><locale.PortalLocaleCard /></Stack> })),
  replies: () => import('./features/saved-replies/shared-saved-replies').then((module) => ({ default: module.SharedSavedReplies })),
  tags: () => import('./features/tags/tag-settings').then((module) => ({ default: module.TagSettings })),
  'response-times': () => import('./features/response-times/response-times-settings').then((module) => ({ default: module.ResponseTimesSettings })),
  maintenance: () => import('./features/maintenance/maintenance-settings').then((module) => ({ default: module.MaintenanceSettings })),
  // The audit trail's words are a catalogue of @portal/features of their own, loaded with its code.
  audit: () => import('./features/audit-trail/audit-trail').then(async (module) => {
    await module.ready;
    return { default: module.AuditTrail };
  }),
  security: () => import('./features/security-policy/security-policy-settings').then((module) => ({ default: module.SecurityPolicySettings })),
  webhooks: () => import('./features/webhooks/webhooks-tab').then((module) => ({ default: module.WebhooksTab })),
  releases: () => import('./features/releases/releases-page').then((module) => ({ default: module.ReleasesPage })),
};

const loading = new Map<PageKey, Promise<{ default: ComponentType }>>();
const loaded = new Map<PageKey, ComponentType>();
const PAGES = new Map<PageKey, LazyExoticComponent<ComponentType>>();

/**
 * One load per page, shared by the preload and the lazy component. A failed load reaches the shell's error panel, and
 * its Retry loads again: the failure is forgotten, with the lazy component that holds it.
 */
function load(key: PageKey): Promise<{ default: ComponentType }> {
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[key]();
    pending.then((module) => loaded.set(key, module.default), () => {
      loading.delete(key);
      PAGES.delete(key);
    });
    loading.set(key, pending);
  }
  return pending;
}

function pageOf(key: PageKey): LazyExoticComponent<ComponentType> {
  let page = PAGES.get(key);
  if (!page) {
    page = lazy(() => load(key));
    PAGES.set(key, page);
  }
  return page;
}

/** The page a path of this remote shows: /admins/settings/{tab}[/{section}] or /admins/releases. */
export function pageKeyOf(pathname: string): PageKey | undefined {
  const [, admins, part, tab, section] = pathname.split('/');
  if (admins !== 'admins') return undefined;
  if (part === 'releases') return 'releases';
  if (part !== 'settings' || tab === undefined) return undefined;
  const key = (tab === 'crm' ? `crm/${section ?? 'direct'}` : tab) as PageKey;
  return key in LOADERS ? key : undefined;
}

/** Loads the code of the page at `pathname` (the remote's `ready` waits for the first screen's, so it draws at once). */
export function preloadPage(pathname: string): Promise<unknown> {
  const key = pageKeyOf(pathname);
  return key ? load(key) : Promise.resolve();
}

/**
 * The page of `page`: at once when its code is in (the first screen's, or one seen before), else a spinner until it
 * is. Code that fails to load shows the portal's error panel in the tab's place, with Retry; the tabs stay usable.
 */
export function SettingsPage({ page }: { page: PageKey }): ReactNode {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  const Loaded = loaded.get(page);
  if (Loaded) return <Loaded />;
  const Page = pageOf(page);
  return (
    <RemoteErrorBoundary key={`${page}:${attempt}`} label={`admin/${page}`} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Center py="10"><Spinner color="blue.500" role="status" aria-label={t('settings.loading')} /></Center>}>
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
