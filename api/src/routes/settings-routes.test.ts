import { createTestApp, type TestApp } from '../test-support/test-app';

describe('GET /api/settings/public', () => {
  let test: TestApp;
  afterEach(async () => {
    await test.close();
    delete process.env.KICKOFF_URL;
    delete process.env.SUPPORT_EMAIL;
  });

  it("answers anyone the kickoff link and the support address the server is configured with, the portal's language and currency", async () => {
    process.env.KICKOFF_URL = 'https://calendly.example/kickoff';
    process.env.SUPPORT_EMAIL = 'help@agency.example';
    test = await createTestApp();
    const answer = await test.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ kickoff_url: 'https://calendly.example/kickoff', support_email: 'help@agency.example', language: 'en', currency: 'USD' });
  });

  it('has no kickoff link when none is configured', async () => {
    test = await createTestApp();
    const answer = await test.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(answer.json()).toMatchObject({ kickoff_url: null });
  });
});
