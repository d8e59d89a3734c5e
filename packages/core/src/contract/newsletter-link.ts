/**
 * How long a newsletter confirmation link confirms (issue 32: 48 hours): the links, the mail and the
 * public page of an expired link use it. A module of its own, without zod, for that public page.
 */
export const CONFIRM_LINK_HOURS = 48;
