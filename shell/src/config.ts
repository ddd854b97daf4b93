/** The provider company that runs the portal (spec 000 "Page shell": the footer's copyright line). */
export const PROVIDER_NAME = 'Web Agency Support';
export const PORTAL_NAME = 'Support Portal';
