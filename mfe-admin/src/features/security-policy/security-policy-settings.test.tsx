import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, SECURITY_MESSAGES } from '@portal/domain';
import { apiPath, aSecurityState, createMockApi, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

const policySwitch = () => screen.findByRole('checkbox', { name: 'Require two-factor sign-in for staff' });

describe('the staff two-factor policy', () => {
  it('is its own settings tab, reads the policy and saves a change', async () => {
    const api = createMockApi({ security: aSecurityState() });
    const view = renderAdmin('/admins/settings/security', { api });
    expect(screen.getByRole('link', { name: 'Security' })).toHaveAttribute('aria-current', 'page');
    const toggle = await policySwitch();
    expect(toggle).not.toBeChecked();

    await act(async () => fireEvent.click(toggle));

    expect(await screen.findByRole('status')).toHaveTextContent('Staff must now sign in with a second factor.');
    expect(await policySwitch()).toBeChecked();
    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/admin/security-policy', body: { require_staff_second_factor: true } }]);
    expect(api.db.security.policy).toEqual({ require_staff_second_factor: true });
  });

  it('puts the switch back and says why when the save fails', async () => {
    renderAdmin('/admins/settings/security', {
      api: { security: aSecurityState({ policy: { require_staff_second_factor: true } }) },
      handlers: [http.put(apiPath('/admin/security-policy'), () => errorAnswer(500, MESSAGES.unexpectedError))],
    });
    const toggle = await policySwitch();
    expect(toggle).toBeChecked();

    await act(async () => fireEvent.click(toggle));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.unexpectedError);
    await waitFor(async () => expect(await policySwitch()).toBeChecked());
  });

  it('sends an admin without a second factor of their own to the Security page to set one up', async () => {
    renderAdmin('/admins/settings/security', {
      api: { security: aSecurityState() },
      handlers: [http.put(apiPath('/admin/security-policy'), () => errorAnswer(409, SECURITY_MESSAGES.policyNeedsOwnFactor))],
    });
    const toggle = await policySwitch();

    await act(async () => fireEvent.click(toggle));

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(SECURITY_MESSAGES.policyNeedsOwnFactor);
    expect(within(refusal).getByRole('link', { name: 'Go to the Security page' })).toHaveAttribute('href', '/security');
    await waitFor(async () => expect(await policySwitch()).not.toBeChecked());
  });
});
