import type { AdminRegistration, RegistrationFilters, RegistrationStats } from "@agency/core/contract/admin";
import { leadApi } from "../leads/inbox-api";

/** The Registrations inbox's calls (features/leads/inbox-api.ts) on SPEC's path. */
export const registrationsApi = leadApi<AdminRegistration, RegistrationFilters, RegistrationStats>("registrations", "/api/admin/course-registrations");
