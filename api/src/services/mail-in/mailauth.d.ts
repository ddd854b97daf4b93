// The parts of mailauth 4 (which ships no types) the portal's own sender check uses: its DKIM verifier, its DMARC
// evaluation and, in tests, its DKIM signer. mailauth 5 and later carry types but need Node 22.19.

declare module 'mailauth/lib/dkim/verify' {
  export type DNSResolver = (name: string, type: string) => Promise<unknown>;
  export interface DkimSignatureResult {
    id: string;
    signingDomain?: string;
    status: { result: string; aligned?: string | false; underSized?: number | false };
  }
  export interface DkimVerifyResult {
    headerFrom: string[];
    fromFields?: unknown;
    results: DkimSignatureResult[];
  }
  export function dkimVerify(input: Buffer | string, options?: { resolver?: DNSResolver }): Promise<DkimVerifyResult>;
}

declare module 'mailauth/lib/dmarc' {
  import type { DNSResolver } from 'mailauth/lib/dkim/verify';
  export interface DmarcResult {
    status: { result: string; header?: { from?: string } };
  }
  export function dmarc(options: {
    headerFrom: string[];
    fromFields?: unknown;
    spfDomains: { domain: string }[] | string[];
    dkimDomains: { id: string; domain: string; aligned?: string | false; underSized?: number | false }[];
    resolver?: DNSResolver;
  }): Promise<DmarcResult | false>;
}

declare module 'mailauth/lib/dkim/sign' {
  export interface DkimKey { signingDomain: string; selector: string; privateKey: string }
  export function dkimSign(input: Buffer | string, options: DkimKey & { signatureData: DkimKey[] }): Promise<{ signatures: string; errors: unknown[] }>;
}
