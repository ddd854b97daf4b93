import { generateKeyPairSync } from 'node:crypto';
import { dkimSign } from 'mailauth/lib/dkim/sign';
import { simpleParser } from 'mailparser';
import { parseAuthenticationResults } from './authentication-results';
import { NOTHING_TO_VERIFY_WITH, NOT_CHECKED, NO_TRUSTED_RESULTS, alignedDomain, senderVerdict, type MailInSenderCheck } from './sender-verdict';

// docs/product/notifications-and-mail.md#mail-in: a From is believed on the verdict of the operator's own
// receiving server (the topmost Authentication-Results of a trusted authserv-id) or of the portal's own DKIM check.

describe('an Authentication-Results header', () => {
  test("is read as RFC 8601 writes it: the authserv-id, each result and its properties, comments dropped", () => {
    const gmail = 'mx.google.com;\r\n       dkim=pass header.i=@acme.test header.s=mail header.b="R/ATP5Q2";\r\n'
      + '       spf=pass (google.com: domain of x@acme.test designates 1.2.3.4 as permitted sender) smtp.mailfrom=x@acme.test;\r\n'
      + '       dmarc=pass (p=NONE sp=NONE dis=NONE) header.from=acme.test';
    expect(parseAuthenticationResults(gmail)).toEqual({
      authservId: 'mx.google.com',
      results: [
        { method: 'dkim', result: 'pass', props: { 'header.i': '@acme.test', 'header.s': 'mail', 'header.b': 'R/ATP5Q2' } },
        { method: 'spf', result: 'pass', props: { 'smtp.mailfrom': 'x@acme.test' } },
        { method: 'dmarc', result: 'pass', props: { 'header.from': 'acme.test' } },
      ],
    });
    expect(parseAuthenticationResults('MX.Example.COM 1 (a (nested) comment); dkim/1 = pass reason="a; b" header.d=acme.test; none')).toEqual({
      authservId: 'mx.example.com',
      results: [{ method: 'dkim', result: 'pass', props: { reason: 'a; b', 'header.d': 'acme.test' } }],
    });
  });

  test('written without an authserv-id (as Microsoft 365 does) has an empty one', () => {
    const microsoft = 'spf=pass (sender IP is 10.2.3.4) smtp.mailfrom=acme.test; dkim=pass (signature was verified) header.d=acme.test;dmarc=pass action=none header.from=acme.test;compauth=pass reason=100';
    const parsed = parseAuthenticationResults(microsoft);
    expect(parsed.authservId).toBe('');
    expect(parsed.results.map((result) => `${result.method}=${result.result}`)).toEqual(['spf=pass', 'dkim=pass', 'dmarc=pass', 'compauth=pass']);
  });
});

test('a signing domain is aligned when it is the From domain or a parent of it with more than one label', () => {
  expect(alignedDomain('acme.test', 'acme.test')).toBe(true);
  expect(alignedDomain('acme.test', 'mail.acme.test')).toBe(true);
  expect(alignedDomain('ACME.test.', 'acme.test')).toBe(true);
  expect(alignedDomain('test', 'acme.test')).toBe(false);
  expect(alignedDomain('evil.test', 'acme.test')).toBe(false);
  expect(alignedDomain('notacme.test', 'acme.test')).toBe(false);
  expect(alignedDomain('mail.acme.test', 'acme.test')).toBe(false);
});

const TRUSTED: MailInSenderCheck = { on: true, trustedAuthserv: ['mx.portal.test'], verifyDkim: false };

async function judge(headers: string[], check: MailInSenderCheck = TRUSTED, from = 'Dana <dana@acme.test>') {
  const raw = Buffer.from([...headers, `From: ${from}`, 'To: support@portal.test', 'Subject: Hi', '', 'Hello.', ''].join('\r\n'));
  const parsed = await simpleParser(raw);
  return senderVerdict({
    fromAddresses: (parsed.from?.value ?? []).map((address) => address.address ?? ''),
    fromFields: parsed.headerLines.filter((line) => line.key === 'from').length,
    headerLines: parsed.headerLines,
    raw,
  }, check);
}

describe("the trusted server's verdict", () => {
  test('dmarc=pass for the From domain, or an aligned dkim=pass, is believed', async () => {
    expect(await judge(['Authentication-Results: mx.portal.test; spf=none; dmarc=pass (p=reject) header.from=acme.test']))
      .toEqual({ believed: true, text: 'dmarc=pass (mx.portal.test)' });
    expect(await judge(['Authentication-Results: MX.portal.test; dkim=pass header.d=acme.test header.s=s1']))
      .toEqual({ believed: true, text: 'dkim=pass header.d=acme.test (mx.portal.test)' });
    expect(await judge(['Authentication-Results: mx.portal.test; dkim=pass header.i=@acme.test'], TRUSTED, 'dana@support.acme.test'))
      .toEqual({ believed: true, text: 'dkim=pass header.d=acme.test (mx.portal.test)' });
  });

  test('a pass for another domain, a failure or no result is not believed, and says what it found', async () => {
    expect(await judge(['Authentication-Results: mx.portal.test; dmarc=pass header.from=evil.test; dkim=pass header.d=evil.test']))
      .toEqual({ believed: false, text: 'dmarc=pass for evil.test, not acme.test (mx.portal.test)' });
    expect(await judge(['Authentication-Results: mx.portal.test; dmarc=fail header.from=acme.test; dkim=pass header.d=acme.test']))
      .toEqual({ believed: false, text: 'dmarc=fail, dkim=pass (mx.portal.test)' });
    expect(await judge(['Authentication-Results: mx.portal.test; spf=pass smtp.mailfrom=acme.test']))
      .toEqual({ believed: false, text: 'no dmarc or dkim result (mx.portal.test)' });
    expect(await judge([])).toEqual({ believed: false, text: NO_TRUSTED_RESULTS });
  });

  test("only the topmost header of a trusted id counts: one of another id, or one written below it by the sender, is ignored", async () => {
    const forgedAbove = await judge([
      'Authentication-Results: mx.evil.test; dmarc=pass header.from=acme.test',
      'Authentication-Results: mx.portal.test; dmarc=fail header.from=acme.test',
    ]);
    expect(forgedAbove).toEqual({ believed: false, text: 'dmarc=fail (mx.portal.test)' });
    const forgedBelow = await judge([
      'Authentication-Results: mx.portal.test; dmarc=none header.from=acme.test',
      'Authentication-Results: mx.portal.test; dmarc=pass header.from=acme.test',
    ]);
    expect(forgedBelow).toEqual({ believed: false, text: 'dmarc=none (mx.portal.test)' });
    expect(await judge(['Authentication-Results: mx.evil.test; dmarc=pass header.from=acme.test'])).toEqual({ believed: false, text: NO_TRUSTED_RESULTS });
    // Without an authserv-id, no listed id names it.
    expect(await judge(['Authentication-Results: dmarc=pass action=none header.from=acme.test'])).toEqual({ believed: false, text: NO_TRUSTED_RESULTS });
  });

  test('a mail with two From addresses or two From fields is not believed', async () => {
    const pass = 'Authentication-Results: mx.portal.test; dmarc=pass header.from=acme.test';
    expect(await judge([pass], TRUSTED, 'dana@acme.test, boss@acme.test')).toMatchObject({ believed: false, text: 'not exactly one From address' });
    expect(await judge([pass, 'From: evil@evil.test'])).toMatchObject({ believed: false, text: 'not exactly one From address' });
  });
});

test('the check off believes every From; on with nothing to verify with, none', async () => {
  expect(await judge([], { on: false, trustedAuthserv: [], verifyDkim: false })).toEqual({ believed: true, text: NOT_CHECKED });
  expect(await judge(['Authentication-Results: mx.portal.test; dmarc=pass header.from=acme.test'], { on: true, trustedAuthserv: [], verifyDkim: false }))
    .toEqual({ believed: false, text: NOTHING_TO_VERIFY_WITH });
});

describe("the portal's own check (MAIL_IN_VERIFY_DKIM)", () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
  const notFound = () => Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  const resolver = async (name: string, type: string) => {
    if (type === 'TXT' && name === 's1._domainkey.acme.test') return [[record]];
    throw notFound();
  };
  const check: MailInSenderCheck = { on: true, trustedAuthserv: [], verifyDkim: true, resolver };

  async function signed(from: string, signingDomain: string, body = 'Hello.') {
    const message = [`From: ${from}`, 'To: support@portal.test', 'Subject: Hi', 'Message-ID: <1@acme.test>', '', body, ''].join('\r\n');
    const key = { signingDomain, selector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    // The signer reads signatureData; its types ask for one signature's fields as well.
    const signature = await dkimSign(message, { ...key, signatureData: [key] });
    return Buffer.from(signature.signatures + message);
  }
  async function judgeRaw(raw: Buffer) {
    const parsed = await simpleParser(raw);
    return senderVerdict({
      fromAddresses: (parsed.from?.value ?? []).map((address) => address.address ?? ''),
      fromFields: parsed.headerLines.filter((line) => line.key === 'from').length,
      headerLines: parsed.headerLines,
      raw,
    }, check);
  }

  test('believes a valid signature aligned with the From domain', async () => {
    expect(await judgeRaw(await signed('dana@acme.test', 'acme.test'))).toEqual({ believed: true, text: 'dkim=pass header.d=acme.test (checked by the portal)' });
  });

  test('does not believe an altered message, or a signature of another domain', async () => {
    const altered = Buffer.from((await signed('dana@acme.test', 'acme.test')).toString().replace('Hello.', 'Pay to IBAN X.'));
    expect(await judgeRaw(altered)).toMatchObject({ believed: false, text: 'dkim=neutral (checked by the portal)' });
    expect(await judgeRaw(await signed('dana@other.test', 'acme.test'))).toMatchObject({ believed: false });
    const unsigned = Buffer.from('From: dana@acme.test\r\nSubject: Hi\r\n\r\nHello.\r\n');
    expect(await judgeRaw(unsigned)).toEqual({ believed: false, text: 'dkim=none (checked by the portal)' });
  });
});
