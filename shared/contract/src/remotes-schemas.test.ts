import { parseRemotesMap } from './remotes';
import { remoteMapEntry, remoteName } from './remotes-schemas';

// The shell reads the remotes map without zod (remotes.ts); what it keeps must be what the schemas accept.

const ENTRY = { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' };

test('the lenient reading keeps exactly the entries whose name and entry the schemas accept', () => {
  const body: Record<string, unknown> = {
    auth: ENTRY,
    'mfe-2': { ...ENTRY, extra: 'dropped' },
    Tickets: ENTRY,
    '9lives': ENTRY,
    'bad-entry': { entry: '', version: 'v1' },
    'no-version': { entry: '/x.json' },
    'number-version': { entry: '/x.json', version: 3 },
    'not-an-object': 'x',
    nothing: null,
  };
  const expected = Object.fromEntries(Object.entries(body).flatMap(([name, value]) => {
    const entry = remoteMapEntry.safeParse(value);
    return remoteName.safeParse(name).success && entry.success ? [[name, entry.data]] : [];
  }));
  expect(parseRemotesMap(body)).toEqual(expected);
  expect(Object.keys(expected)).toEqual(['auth', 'mfe-2']);
  expect(parseRemotesMap(body).auth).toEqual(ENTRY);
  expect(parseRemotesMap(body)['mfe-2']).toEqual(ENTRY);
});

test('a map that is not an object, and names not known, are dropped', () => {
  for (const body of [null, 'x', 3, [ENTRY]]) expect(parseRemotesMap(body)).toEqual({});
  expect(parseRemotesMap({ auth: ENTRY, tickets: ENTRY }, ['auth'])).toEqual({ auth: ENTRY });
});
