/** The provider company that runs the portal (the footer's copyright line: docs/product/dashboards.md#page-shell). */
export const PROVIDER_NAME = 'Web Agency Support';
export const PORTAL_NAME = 'Support Portal';
