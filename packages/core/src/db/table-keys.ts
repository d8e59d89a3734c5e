/**
 * The single table. Infrastructure (infra/database.ts), the local runtime and the tests all build it
 * from these names, so the key schema is declared once. Free of dependencies: infra imports it.
 */
export const tableKeys = {
  pk: "pk",
  sk: "sk",
  gsi1: { name: "gsi1", pk: "gsi1pk", sk: "gsi1sk" },
  gsi2: { name: "gsi2", pk: "gsi2pk", sk: "gsi2sk" },
  /** Epoch seconds; DynamoDB's TTL deletes lazily, so every reader also checks expiry itself. */
  ttl: "ttl",
} as const;
