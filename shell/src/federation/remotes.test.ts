import type { ComponentType } from 'react';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

type Runtime = { registerRemotes: jest.Mock; loadRemote: jest.Mock };
type Remotes = typeof import('./remotes');

const AUTH = { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' };
const DASHBOARDS = { entry: '/remotes/dashboards/v7/mf-manifest.json', version: 'v7' };

function answer(body: unknown, status = 200): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
}

function setup(): { remotes: Remotes; runtime: Runtime; fetchMock: jest.Mock } {
  jest.resetModules();
  const fetchMock = jest.fn();
  globalThis.fetch = fetchMock;
  const runtime = jest.requireMock('@module-federation/enhanced/runtime') as Runtime;
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  const remotes = jest.requireActual('./remotes') as Remotes;
  return { remotes, runtime, fetchMock };
}

const Routes: ComponentType = () => null;

describe('initFederation', () => {
  it('fetches /remotes.json uncached and registers every known remote', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH, dashboards: DASHBOARDS, bogus: { entry: 'x', version: '1' } }));

    const map = await remotes.initFederation();

    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(map).toEqual({ auth: AUTH, dashboards: DASHBOARDS });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'auth', entry: AUTH.entry },
        { name: 'dashboards', entry: DASHBOARDS.entry },
      ],
      { force: true },
    );
  });

  it('ignores entries without an entry URL', async () => {
    const { remotes, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: { version: 'v1' }, dashboards: DASHBOARDS }));
    await expect(remotes.initFederation()).resolves.toEqual({ dashboards: DASHBOARDS });
  });

  it('never throws: a missing map gives an empty map and a warning', async () => {
    const { remotes, runtime, fetchMock } = setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(answer({}, 503)).mockRejectedValueOnce(new TypeError('network down'));

    await expect(remotes.initFederation()).resolves.toEqual({});
    await expect(remotes.initFederation()).resolves.toEqual({});

    expect(warn).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('the remotes map embedded in the page', () => {
  afterEach(() => document.getElementById('portal-remotes')?.remove());

  function embed(text: string): void {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'portal-remotes';
    block.textContent = text;
    document.head.append(block);
  }

  it('registers the map the server put in the page, without fetching /remotes.json; a later look fetches', async () => {
    const { remotes, runtime, fetchMock } = setup();
    embed(JSON.stringify({ auth: AUTH }));
    (jest.requireActual('./remotes-map-request') as typeof import('./remotes-map-request')).requestRemotesMapEarly();

    await expect(remotes.initFederation()).resolves.toEqual({ auth: AUTH });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'auth', entry: AUTH.entry }], { force: true });

    fetchMock.mockResolvedValue(answer({ auth: AUTH, dashboards: DASHBOARDS }));
    await expect(remotes.initFederation()).resolves.toEqual({ auth: AUTH, dashboards: DASHBOARDS });
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
  });

  it('fetches /remotes.json at once when the page has no block or an unreadable one (the dev servers)', async () => {
    const { remotes, fetchMock } = setup();
    embed('{ not json');
    fetchMock.mockResolvedValue(answer({ dashboards: DASHBOARDS }));
    (jest.requireActual('./remotes-map-request') as typeof import('./remotes-map-request')).requestRemotesMapEarly();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await expect(remotes.initFederation()).resolves.toEqual({ dashboards: DASHBOARDS });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('loadRemoteRoutes', () => {
  it('returns the RemoteRoutes export of <remote>/routes', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH }));
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes });
    await remotes.initFederation();

    await expect(remotes.loadRemoteRoutes('auth')).resolves.toBe(Routes);
    expect(runtime.loadRemote).toHaveBeenCalledWith('auth/routes');
  });

  it("waits for the remote's `ready` before answering its routes, and not at all for a failed one", async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH }));
    let settle: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (settle = resolve));
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes, ready });
    await remotes.initFederation();

    let answered = false;
    const loading = Promise.resolve(remotes.loadRemoteRoutes('auth')).then((routes) => {
      answered = true;
      return routes;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    settle();
    await expect(loading).resolves.toBe(Routes);

    const failed = Promise.reject(new Error('chunk failed'));
    failed.catch(() => undefined);
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes, ready: failed });
    await expect(remotes.preloadRemoteRoutes('auth')).resolves.toBe(Routes);
  });

  it('answers a remote that has loaded at once, without loading it again', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH }));
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes });
    await remotes.initFederation();

    await expect(remotes.preloadRemoteRoutes('auth')).resolves.toBe(Routes);
    expect(remotes.loadRemoteRoutes('auth')).toBe(Routes);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
  });

  it('rejects when the remote is down, and a retry loads again', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH }));
    await remotes.initFederation();
    runtime.registerRemotes.mockClear();
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.'))
      .mockResolvedValueOnce({ RemoteRoutes: Routes });

    await expect(remotes.loadRemoteRoutes('auth')).rejects.toThrow('RUNTIME-003');
    await expect(remotes.loadRemoteRoutes('auth')).resolves.toBe(Routes);

    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
  });

  it('rejects when the module has no RemoteRoutes export', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ auth: AUTH }));
    runtime.loadRemote.mockResolvedValue({});
    await remotes.initFederation();

    await expect(remotes.loadRemoteRoutes('auth')).rejects.toThrow('RemoteRoutes');
  });

  it('looks at the map again for a remote it does not know, then rejects if still absent', async () => {
    const { remotes, runtime, fetchMock } = setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchMock.mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(answer({ auth: AUTH }));
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes });

    await expect(remotes.initFederation()).resolves.toEqual({});
    await expect(remotes.loadRemoteRoutes('auth')).resolves.toBe(Routes);

    fetchMock.mockResolvedValueOnce(answer({ auth: AUTH }));
    await expect(remotes.loadRemoteRoutes('billing')).rejects.toThrow('not deployed');
    warn.mockRestore();
  });
});

describe('loadRemoteModule', () => {
  const TICKETS = { entry: '/remotes/tickets/v2/mf-manifest.json', version: 'v2' };

  it("answers the exports of another remote's exposed module", async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ tickets: TICKETS }));
    const exports = { NewTicketForm: Routes };
    runtime.loadRemote.mockResolvedValue(exports);
    await remotes.initFederation();

    await expect(remotes.loadRemoteModule('tickets', './NewTicketForm')).resolves.toBe(exports);
    expect(runtime.loadRemote).toHaveBeenCalledWith('tickets/NewTicketForm');
  });

  it('rejects an unknown remote name, an undeployed remote and a failed load', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ tickets: TICKETS }));
    await remotes.initFederation();
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008'));

    await expect(remotes.loadRemoteModule('nope', './X')).rejects.toThrow('There is no "nope" part of the portal.');
    await expect(remotes.loadRemoteModule('auth', './X')).rejects.toThrow('not deployed');
    await expect(remotes.loadRemoteModule('tickets', './NewTicketForm')).rejects.toThrow('RUNTIME-008');
  });
});

describe('version skew: the map read again on navigation', () => {
  const TICKETS_V1 = { entry: '/remotes/tickets/v1/mf-manifest.json', version: 'v1' };
  const TICKETS_V2 = { entry: '/remotes/tickets/v2/mf-manifest.json', version: 'v2' };
  const OtherRoutes: ComponentType = () => null;

  afterEach(() => jest.useRealTimers());

  it('registers a remote whose version changed again, and its next load is the new version; at most every 30 s', async () => {
    jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { remotes, runtime, fetchMock } = setup();
    const served = jest.requireActual('./served-versions') as typeof import('./served-versions');
    fetchMock.mockResolvedValue(answer({ tickets: TICKETS_V1, auth: AUTH }));
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: Routes });
    await remotes.initFederation();
    await expect(remotes.preloadRemoteRoutes('tickets')).resolves.toBe(Routes);
    expect(served.servedVersion('tickets')).toBe('v1');
    runtime.registerRemotes.mockClear();
    fetchMock.mockClear();

    fetchMock.mockResolvedValue(answer({ tickets: TICKETS_V2, auth: AUTH }));
    served.navigated();
    expect(fetchMock).not.toHaveBeenCalled(); // read at start less than 30 s ago
    jest.advanceTimersByTime(remotes.REMOTES_MAP_RECHECK_MS);
    await remotes.refreshRemotesMap();

    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'tickets', entry: TICKETS_V2.entry }], { force: true });
    expect(served.servedVersion('tickets')).toBe('v2');
    runtime.loadRemote.mockResolvedValue({ RemoteRoutes: OtherRoutes });
    await expect(remotes.loadRemoteRoutes('tickets')).resolves.toBe(OtherRoutes);

    await remotes.refreshRemotesMap();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads the map again at once after a remote failed to load', async () => {
    const { remotes, runtime, fetchMock } = setup();
    fetchMock.mockResolvedValue(answer({ tickets: TICKETS_V2 }));
    await remotes.initFederation();
    fetchMock.mockClear();
    fetchMock.mockResolvedValue(answer({ tickets: TICKETS_V1 }));
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008 tickets v2 is gone')).mockResolvedValueOnce({ RemoteRoutes: Routes });

    await expect(remotes.loadRemoteRoutes('tickets')).rejects.toThrow('RUNTIME-008');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'tickets', entry: TICKETS_V1.entry }], { force: true });
    await expect(remotes.loadRemoteRoutes('tickets')).resolves.toBe(Routes);
  });
});
