import { bootstrapAdmin, ensureCounters, seedDefaults } from "@agency/core/seed/seed";

/**
 * The SST Script of the Api stack (infra/api.ts) calls this at every deploy, on create and on update.
 * It reuses the local runtime's seed code: default content goes into an empty table once (and is
 * counted), the counters are built once for a table that predates them, and the bootstrap admin
 * (ADMIN_USERNAME / ADMIN_PASSWORD) is created when missing. Every step is idempotent, so running on
 * every deploy is safe; a failure fails the deploy, with the error in the
 * function's logs.
 */
export async function handler() {
  await seedDefaults();
  await ensureCounters();
  await bootstrapAdmin();
}
