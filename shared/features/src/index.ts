export { TimeEntryActions } from './time-entry-actions';
export type { TimeEntryActionsProps, ActionableTimeEntry } from './time-entry-actions';
export { TypeAssignmentsForm } from './type-assignments-form';
export type { TypeAssignmentsFormProps } from './type-assignments-form';
export { useAccountSecurityActions } from './account-security-actions';
export type { AccountSecurityAction, AccountSecurityActions, AccountSecurityRequest } from './account-security-actions';
export { mountStandalone } from './standalone';
export { formResolver } from './form-resolver';
