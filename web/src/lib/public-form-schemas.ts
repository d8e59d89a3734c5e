/**
 * The public forms' validation: the contract's zod schemas, the ones the API checks with. Imported
 * only through formSchemas() (lazy-form-schemas.ts), never statically by a page: it is its own
 * chunk, with zod.
 */
import "./zod-jitless";

export { contactInput } from "@agency/core/contract/contact";
export { registrationInput } from "@agency/core/contract/registrations";
export { fieldErrors } from "@agency/core/contract/common";
