import { createApiClient, isSecondFactorChallenge } from '@portal/api-client';
import { anAdmin, anAgent } from '../factories/people';
import { MOCK_TOTP_CODE, aSecurityState } from '../factories/security';
import { createMockApi } from './create-mock-api';
import { server } from './server';

const client = () => createApiClient({ baseUrl: 'http://localhost/api' });

describe('the mock API account security', () => {
  it('asks a contact with a second factor for it after the password, and a recovery code works once', async () => {
    const api = createMockApi({ security: aSecurityState({ secondFactor: { 1: ['totp', 'recovery'] }, recoveryCodes: ['ABCDE-FGHJK'] }) });
    server.use(...api.handlers);
    const first = await client().auth.login({ username: anAdmin().email, password: 'portal-demo' });
    expect(isSecondFactorChallenge(first) && first.second_factor.methods).toEqual(['totp', 'recovery']);
    await expect(client().security.secondFactor({ method: 'totp', code: '000000' })).rejects.toMatchObject({ status: 400 });
    await expect(client().security.secondFactor({ method: 'recovery', code: 'abcde fghjk' })).resolves.toMatchObject({ dashboard: '/admins' });

    await client().auth.login({ username: anAdmin().email, password: 'portal-demo' });
    await expect(client().security.secondFactor({ method: 'recovery', code: 'ABCDE-FGHJK' })).rejects.toMatchObject({ status: 400 });
    await expect(client().security.secondFactor({ method: 'totp', code: MOCK_TOTP_CODE })).resolves.toMatchObject({ dashboard: '/admins' });
  });

  it('keeps a required staff user enrolling until the app is confirmed, and gives recovery codes once', async () => {
    const api = createMockApi({ session: anAgent(), security: aSecurityState({ policy: { require_staff_second_factor: true } }) });
    server.use(...api.handlers);
    await expect(client().auth.me()).resolves.toMatchObject({ enrol_required: true });
    await expect(client().security.overview()).resolves.toMatchObject({ required: true, enrol_required: true });
    const started = await client().security.startTotp();
    expect(started.secret).toBe(api.db.security.totpSecret);
    const { recovery_codes } = await client().security.confirmTotp(MOCK_TOTP_CODE);
    expect(recovery_codes).toHaveLength(10);
    await expect(client().auth.me()).resolves.toMatchObject({ enrol_required: false });
    await expect(client().security.addPasskey('Key', {})).resolves.toEqual({ recovery_codes: [] });
    await expect(client().security.overview()).resolves.toMatchObject({ enrol_required: false, recovery_codes: { remaining: 10 } });
  });
});
