import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// A software passkey for API tests: an EC P-256 key pair, answering WebAuthn registration ('none'
// attestation) and authentication ceremonies the way a browser and an authenticator would, so the
// server's checks (@simplewebauthn/server) run for real.

type Cbor = number | string | Buffer | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export interface TestPasskey {
  credentialId: string;
  /** The browser's answer to POST …/passkeys/options (a registration ceremony). */
  register(options: Record<string, unknown>, origin: string): Record<string, unknown>;
  /** The browser's answer to POST /auth/passkey/options (an authentication ceremony). */
  authenticate(options: Record<string, unknown>, origin: string, userVerified?: boolean): Record<string, unknown>;
}

export function createTestPasskey(): TestPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credential = randomBytes(16);
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cose = cbor(new Map<Cbor, Cbor>([
    [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(jwk.x as string, 'base64url')], [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]));
  let counter = 0;
  const rpIdOf = (options: Record<string, unknown>) => {
    const rp = options.rp as { id?: string } | undefined;
    return (rp?.id ?? options.rpId) as string;
  };
  const clientData = (type: string, options: Record<string, unknown>, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64url(credential),
    register(options, origin) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credential.length);
      const authData = Buffer.concat([
        sha256(rpIdOf(options)), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), length, credential, cose,
      ]);
      const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      return {
        id: b64url(credential), rawId: b64url(credential), type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
        response: { clientDataJSON: b64url(clientData('webauthn.create', options, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      };
    },
    authenticate(options, origin, userVerified = true) {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([sha256(rpIdOf(options)), Buffer.from([userVerified ? 0x05 : 0x01]), count]);
      const data = clientData('webauthn.get', options, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credential), rawId: b64url(credential), type: 'public-key', clientExtensionResults: {}, authenticatorAttachment: 'platform',
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature) },
      };
    },
  };
}
