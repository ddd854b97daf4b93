import {
  attachmentTooLargeMessage, confirmRemoveContactMessage, contactInvitedMessage, MESSAGES, passwordNeedMoreMessage, profileSettingsTitle, requiredFieldMessage, welcomeMessage,
} from './messages';

describe('MESSAGES', () => {
  it('carries the product texts verbatim', () => {
    expect(MESSAGES.invalidCredentials).toBe('Invalid username or password.');
    expect(MESSAGES.tooManyLogins).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    expect(MESSAGES.noNotifications).toBe('You have no notifications.');
    expect(MESSAGES.confirmDeleteNotification).toBe('This will permanently remove this notification. Are you sure?');
    expect(MESSAGES.confirmDeleteAllNotifications).toBe('This will permanently remove all notifications. Are you sure?');
    expect(MESSAGES.unknownId).toBe('Unknown id');
    expect(MESSAGES.notAuthorized).toBe('You are not authorized to view this page.');
    expect(MESSAGES.invalidTimeEntry).toBe('Invalid input. Make sure your description is proper and you have time set.');
    expect(MESSAGES.inputOutOfRange).toBe('Input out of range.');
    expect(MESSAGES.companyMetaNotUpdated).toBe('Company meta not updated');
    expect(MESSAGES.ticketSaveFailed).toBe('An error occurred while processing your request. Please try again.');
    expect(MESSAGES.invalidTaskListFormat).toBe('Invalid response format. Expected an array of task strings.');
    expect(MESSAGES.loading).toBe('Loading…');
    expect(MESSAGES.passwordGood).toBe("You're good!");
  });

  it('has the cancel confirmation warn about time already logged', () => {
    expect(MESSAGES.confirmCancelTicket).toMatch(/still charged for time already logged/);
  });

  it('holds only non-empty texts without stray whitespace', () => {
    for (const text of Object.values(MESSAGES)) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});

describe('message builders', () => {
  it('words the attachment size limit in MB or KB', () => {
    expect(attachmentTooLargeMessage(25 * 1024 * 1024)).toBe('The file is too large. The limit is 25 MB.');
    expect(attachmentTooLargeMessage(1.5 * 1024 * 1024)).toBe('The file is too large. The limit is 1.5 MB.');
    expect(attachmentTooLargeMessage(2048)).toBe('The file is too large. The limit is 2 KB.');
  });

  it('builds the required-field message', () => {
    expect(requiredFieldMessage('Estimate Required')).toBe('The Estimate Required field is required.');
    expect(requiredFieldMessage('Title')).toBe('The Title field is required.');
  });

  it('builds the other parameterised texts', () => {
    expect(passwordNeedMoreMessage(3)).toBe('Need 3 more');
    expect(confirmRemoveContactMessage('Ann Lee')).toBe('Are you sure you want to remove Ann Lee from this company?');
    expect(welcomeMessage('Ann', 'Lee')).toBe('Welcome, Ann Lee!');
    expect(profileSettingsTitle('Acme, LLC')).toBe('Acme, LLC Profile Settings');
  });
});

describe('contactInvitedMessage', () => {
  it('says the same for any address', () => {
    expect(contactInvitedMessage('erin@acme.test')).toBe('Invitation sent to erin@acme.test.');
  });
});
