import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

const DOVECOT = '/usr/sbin/dovecot';
const DOVEADM = '/usr/bin/doveadm';
const INSTALL_HINT = 'Dovecot is needed for the mail-in tests: apt-get install -y dovecot-imapd';
const START_TIMEOUT_MS = 15_000;

export interface StoredMessage {
  uid: number;
  flags: string[];
}

export interface DovecotOptions {
  user?: string;
  password?: string;
  /** False: the server does not offer IDLE, so a client has to poll. */
  idle?: boolean;
  /** The port on 127.0.0.1; a free one by default. */
  port?: number;
}

export interface Dovecot {
  /** imap://user:password@127.0.0.1:port/INBOX */
  readonly url: string;
  /** The same mailbox with another password (a wrong one). */
  urlWithPassword(password: string): string;
  /** Delivers a message to INBOX and answers its UID. */
  append(raw: Buffer | string, flags?: string[]): Promise<number>;
  /** INBOX's messages, in UID order, with their flags. */
  listMessages(): Promise<StoredMessage[]>;
  /** Drops every open IMAP connection of the user (doveadm kick), as a network cut does, and waits until they are gone. */
  kick(): Promise<void>;
  /** Stops the server, runs `whileDown`, and starts it again on the same port and mail. */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** True once the server greets with "… ready." (before that, it may greet while its auth process starts). */
const greets = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const done = (ready: boolean) => {
      socket.destroy();
      resolve(ready);
    };
    socket.setTimeout(2000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.includes('\n')) done(/^\* OK .*ready/i.test(data));
    });
  });

function uidOf(name: string, fallback: number): number {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.startsWith(`${name}:`));
  return line ? Number(line.split(':')[2]) : fallback;
}

/** The name of this process's group (Dovecot's own listeners are chowned to it when not root). */
function groupName(): string {
  const gid = String(process.getgid?.() ?? '');
  const line = readFileSync('/etc/group', 'utf8').split('\n').find((entry) => entry.split(':')[2] === gid);
  return line?.split(':')[0] ?? userInfo().username;
}

function dovecotVersion(): string {
  if (!existsSync(DOVECOT)) throw new Error(INSTALL_HINT);
  return execFileSync(DOVECOT, ['--version'], { encoding: 'utf8' }).trim();
}

function configuration(dir: string, port: number, usersFile: string, idle: boolean, asRoot: boolean): string {
  const me = userInfo().username;
  return [
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `log_path = ${dir}/dovecot.log`,
    'protocols = imap',
    'listen = 127.0.0.1',
    'ssl = no',
    'disable_plaintext_auth = no',
    'auth_mechanisms = plain login',
    // A wrong password is answered at once, not after the usual 2 seconds, and without the growing penalty below.
    'auth_failure_delay = 0',
    'first_valid_uid = 1',
    'mail_location = maildir:~/Maildir',
    // Without IDLE in the list, a client has to poll.
    ...(idle ? [] : ['imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS NAMESPACE']),
    // Not root: every process runs as this user (no chroot, no privilege drop).
    ...(asRoot ? [] : [`default_internal_user = ${me}`, `default_internal_group = ${groupName()}`, `default_login_user = ${me}`]),
    `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN ${usersFile}\n}`,
    `userdb {\n  driver = passwd-file\n  args = ${usersFile}\n}`,
    `service imap-login {\n  chroot =\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
    'service anvil {\n  chroot =\n  unix_listener anvil-auth-penalty {\n    mode = 0\n  }\n}',
    '',
  ].join('\n');
}

/**
 * A real Dovecot IMAP server for tests (Debian's dovecot-imapd), in a temp folder of its own: one user with a
 * plaintext password, mail in a maildir, listening on a free port of 127.0.0.1 without TLS. Only Dovecot 2.3's
 * configuration is written; 2.4 renamed most of these settings.
 */
export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  const version = dovecotVersion();
  if (!version.startsWith('2.3.')) throw new Error(`test-support/dovecot.ts writes a Dovecot 2.3 configuration; found ${version}`);
  const user = options.user ?? 'support';
  const password = options.password ?? 'mail-in-secret';
  const asRoot = process.getuid?.() === 0;
  // Dovecot never reads mail as root: as root, the mail belongs to `nobody`.
  const mailUid = asRoot ? uidOf('nobody', 65534) : (process.getuid?.() ?? 1000);
  const mailGid = asRoot ? mailUid : (process.getgid?.() ?? 1000);

  const dir = mkdtempSync(path.join(tmpdir(), 'dovecot-'));
  chmodSync(dir, 0o755);
  const home = path.join(dir, 'mail', user);
  mkdirSync(home, { recursive: true });
  if (asRoot) {
    chownSync(path.join(dir, 'mail'), mailUid, mailGid);
    chownSync(home, mailUid, mailGid);
  }
  const usersFile = path.join(dir, 'users');
  writeFileSync(usersFile, `${user}:{PLAIN}${password}:${mailUid}:${mailGid}::${home}::\n`);
  const port = options.port ?? (await freePort());
  const configFile = path.join(dir, 'dovecot.conf');
  writeFileSync(configFile, configuration(dir, port, usersFile, options.idle ?? true, asRoot));

  let child: ChildProcess | undefined;
  const killOnExit = () => child?.kill('SIGKILL');
  process.once('exit', killOnExit);

  const start = async () => {
    const started = spawn(DOVECOT, ['-F', '-c', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child = started;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!(await greets(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        const log = existsSync(path.join(dir, 'dovecot.log')) ? readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : '';
        started.kill('SIGKILL');
        throw new Error(`Dovecot did not start: ${stderr}${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };

  let client: ImapFlow | undefined;
  const imap = async () => {
    if (client?.usable) return client;
    client?.close();
    const next = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
    next.on('error', () => undefined);
    await next.connect();
    client = next;
    return next;
  };
  const disconnect = async () => {
    const open = client;
    client = undefined;
    if (open?.usable) await open.logout().catch(() => open.close());
    else open?.close();
  };

  const kick = async () => {
    await disconnect();
    const connected = () => execFileSync(DOVEADM, ['-c', configFile, 'who', '-1'], { encoding: 'utf8' }).split('\n').some((line) => line.startsWith(`${user} `));
    try {
      execFileSync(DOVEADM, ['-c', configFile, 'kick', user], { stdio: 'ignore' });
    } catch (error) {
      // 68 (EX_NOUSER): nobody was connected.
      if ((error as { status?: number }).status !== 68) throw error;
    }
    while (connected()) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  try {
    await start();
  } catch (error) {
    process.removeListener('exit', killOnExit);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (pass: string) => `imap://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}/INBOX`;

  return {
    url: url(password),
    urlWithPassword: url,
    async append(raw, flags = []) {
      const appended = await (await imap()).append('INBOX', raw, flags);
      if (!appended || appended.uid === undefined) throw new Error('Dovecot did not answer the UID of the appended message');
      return appended.uid;
    },
    async listMessages() {
      const connection = await imap();
      const lock = await connection.getMailboxLock('INBOX');
      try {
        if (connection.mailbox && connection.mailbox.exists === 0) return [];
        // Rows without a UID are the server's unsolicited flag updates; \Recent belongs to one session, not to the message.
        const messages = (await connection.fetchAll('1:*', { uid: true, flags: true })).filter((message) => message.uid);
        return messages
          .map((message) => ({ uid: message.uid, flags: [...(message.flags ?? [])].filter((flag) => flag !== '\\Recent').sort() }))
          .sort((a, b) => a.uid - b.uid);
      } finally {
        lock.release();
      }
    },
    kick,
    async restart(whileDown) {
      // A stopped master leaves its IMAP processes to notice by themselves: cut their connections first.
      await kick();
      await halt();
      try {
        await whileDown?.();
      } finally {
        await start();
      }
    },
    async stop() {
      await disconnect();
      await halt();
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
