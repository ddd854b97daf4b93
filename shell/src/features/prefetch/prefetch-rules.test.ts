import { aClient, anAdmin } from '@portal/testing';
import { viewerOf } from '@portal/session';
import { remoteForPath } from '../routing/route-table';
import { prefetchTarget, type PrefetchContext } from './prefetch-rules';

const signedIn = (contact: ReturnType<typeof aClient>) => viewerOf({ isLoggedIn: true, contact })!;
const client = { origin: 'http://portal.test', currentPath: '/clients/4', viewer: signedIn(aClient()), hidden: false, saveData: false, remoteFor: remoteForPath } satisfies PrefetchContext;
const admin: PrefetchContext = { ...client, currentPath: '/admins', viewer: signedIn(anAdmin()) };

function link(href: string, attributes: Record<string, string> = {}): HTMLAnchorElement {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  for (const [name, value] of Object.entries(attributes)) a.setAttribute(name, value);
  return a;
}

describe('which links are read ahead', () => {
  it('reads ahead an in-app page a remote owns, by its path, relative or absolute', () => {
    expect(prefetchTarget(link('/clients/4/tickets/9'), client)).toEqual({ path: '/clients/4/tickets/9', hasQuery: false });
    expect(prefetchTarget(link('http://portal.test/clients/4/info'), client)).toEqual({ path: '/clients/4/info', hasQuery: false });
    expect(prefetchTarget(link('/admins?tag=web'), { ...admin, currentPath: '/agents' })).toEqual({ path: '/admins', hasQuery: true });
  });

  it('never reads ahead an external link, a download, an API address or export, a link to another window or marked as an action', () => {
    expect(prefetchTarget(link('https://example.com/clients/4'), client)).toBeNull();
    expect(prefetchTarget(link('/api/export/tickets.csv'), admin)).toBeNull();
    expect(prefetchTarget(link('/api/attachments/3'), client)).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9', { download: '' }), client)).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9', { target: '_blank' }), client)).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9', { 'data-prefetch': 'off' }), client)).toBeNull();
    expect(prefetchTarget(link('mailto:help@portal.test'), client)).toBeNull();
    expect(prefetchTarget(link('#notes'), client)).toBeNull();
  });

  it('never reads ahead a page the route guard would refuse this viewer, or any page signed out', () => {
    expect(prefetchTarget(link('/admins'), client)).toBeNull();
    expect(prefetchTarget(link('/agents'), client)).toBeNull();
    expect(prefetchTarget(link('/clients/7'), client)).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9'), { ...client, viewer: null })).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9'), { ...client, viewer: { ...client.viewer, enrolRequired: true } })).toBeNull();
  });

  it('never reads ahead the page on screen, a path no remote owns, or anything while the tab is hidden or data are saved', () => {
    expect(prefetchTarget(link('/clients/4'), client)).toBeNull();
    expect(prefetchTarget(link('/nowhere/at/all'), client)).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9'), { ...client, hidden: true })).toBeNull();
    expect(prefetchTarget(link('/clients/4/tickets/9'), { ...client, saveData: true })).toBeNull();
  });
});
