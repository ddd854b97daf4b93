import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { errorMessage, isApiError, type ApiClient, type WebAuthnJson } from '@portal/api-client';
import type { SessionAnswer } from '@portal/contract';

// The browser's half of a passkey ceremony (docs/product/accounts-and-roles.md#account-security):
// the server's options go to the authenticator and its answer back to the server, which checks it.
// The contract carries both as opaque JSON, hence the casts. The library loads with the first
// ceremony: the sign-in page's first paint does not need it (docs/architecture.md#weight).

/** Asks the browser for a passkey signature over the server's options. */
export async function signWithPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const answer = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return answer as unknown as WebAuthnJson;
}

/** Signs in with a passkey instead of the password or the second factor: the server's options, the browser's signature, the server's session. */
export async function signInWithPasskey(client: ApiClient): Promise<SessionAnswer> {
  return client.security.passkeySignIn(await signWithPasskey(await client.security.passkeySignInOptions()));
}

/** Asks the browser to make a new passkey for the server's options. */
export async function createPasskey(options: WebAuthnJson): Promise<WebAuthnJson> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const answer = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return answer as unknown as WebAuthnJson;
}

export const PASSKEY_CANCELLED = 'The passkey was not used: the request was cancelled or timed out.';
export const PASSKEY_ALREADY_ADDED = 'This passkey is already on your account.';
export const PASSKEY_UNSUPPORTED = 'This browser cannot use passkeys.';

/** What the user reads when a passkey step fails: the server's message, or what the browser refused. */
export function passkeyFailure(failure: unknown): string {
  if (isApiError(failure)) return errorMessage(failure);
  const code = typeof failure === 'object' && failure !== null ? (failure as { code?: unknown }).code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_ALREADY_ADDED;
  const name = failure instanceof Error ? failure.name : '';
  if (name === 'NotSupportedError' || /does not support WebAuthn/i.test(failure instanceof Error ? failure.message : '')) {
    return PASSKEY_UNSUPPORTED;
  }
  return PASSKEY_CANCELLED;
}
