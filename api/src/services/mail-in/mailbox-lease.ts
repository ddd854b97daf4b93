import type { ServiceContext } from '../service-context';

// Only one process reads the support mailbox at a time (docs/product/notifications-and-mail.md#reading-the-mailbox):
// it holds a lease in mail_in_state, renews it while it reads, and saves its progress (UIDVALIDITY and last UID) only
// while it still holds it.

/** Another process holds the mailbox now (our lease ran out: a stalled process): not a failure. */
export class LeaseLost extends Error {
  constructor() {
    super('another process took over the mailbox');
  }
}

export interface MailboxLease {
  readonly owner: string;
  /** Whether this process held the lease when it last asked. */
  readonly holding: boolean;
  /** Takes the lease, or renews it when held; answers whether this process holds it now. */
  claim(): Promise<boolean>;
  /** A third of the lease has passed since it was last renewed. */
  renewalDue(): boolean;
  /** Renews the lease when due; throws LeaseLost when another process has it now. */
  keep(): Promise<void>;
  /** Saves the folder's UIDVALIDITY and the last UID done; throws LeaseLost when another process has the mailbox. */
  saveProgress(uidValidity: string, uid: number): Promise<void>;
  /** Another process took it: no longer held, nothing to hand back. */
  forget(): void;
  /** Hands the lease back; when the database cannot be reached, the lease runs out by itself. */
  release(): Promise<void>;
}

export function mailboxLease(ctx: ServiceContext, options: { owner: string; leaseMs: number; mailbox: string }): MailboxLease {
  const { repos, clock } = ctx;
  const { owner, leaseMs, mailbox } = options;
  let holding = false;
  let lastRenewal = 0;
  const lease: MailboxLease = {
    owner,
    get holding() {
      return holding;
    },
    async claim() {
      const now = clock();
      holding = holding ? await repos.mailInState.renewLease(owner, now, leaseMs) : await repos.mailInState.claimLease(owner, now, leaseMs, mailbox);
      if (holding) lastRenewal = now.getTime();
      return holding;
    },
    renewalDue: () => clock().getTime() - lastRenewal >= leaseMs / 3,
    async keep() {
      if (!lease.renewalDue()) return;
      if (!(await lease.claim())) throw new LeaseLost();
    },
    async saveProgress(uidValidity, uid) {
      if (!(await repos.mailInState.saveProgress(owner, uidValidity, uid))) throw new LeaseLost();
    },
    forget() {
      holding = false;
    },
    async release() {
      if (holding) await repos.mailInState.releaseLease(owner);
      holding = false;
    },
  };
  return lease;
}
