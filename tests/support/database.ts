import { inject } from "vitest";

/** Points this test process's domain modules at the API runtime's database, to inspect storage. */
export function useRuntimeDatabase() {
  process.env.DYNAMODB_ENDPOINT = inject("dynamoEndpoint");
  process.env.TABLE_NAME = "api-tests";
}
