import { RemovalPolicy } from "aws-cdk-lib";
import { Table, type StackContext } from "sst/constructs";
import { tableKeys } from "@agency/core/db/table-keys";

/** Stages whose data must survive a mistaken `sst remove` or a stack replacement. */
export const isProduction = (stage: string) => stage === "prod" || stage === "production";

/** The single table, with the key names the local runtime and the entities use. */
export function Database({ stack, app }: StackContext) {
  const production = isProduction(app.stage);
  const { pk, sk, gsi1, gsi2, ttl } = tableKeys;

  const table = new Table(stack, "Table", {
    fields: {
      [pk]: "string",
      [sk]: "string",
      [gsi1.pk]: "string",
      [gsi1.sk]: "string",
      [gsi2.pk]: "string",
      [gsi2.sk]: "string",
    },
    primaryIndex: { partitionKey: pk, sortKey: sk },
    globalIndexes: {
      [gsi1.name]: { partitionKey: gsi1.pk, sortKey: gsi1.sk, projection: "all" },
      [gsi2.name]: { partitionKey: gsi2.pk, sortKey: gsi2.sk, projection: "all" },
    },
    timeToLiveAttribute: ttl,
    // New images drive the lead mails (infra/api.ts, LeadMail): the public functions only store.
    stream: "new_image",
    cdk: {
      table: {
        // On demand: an agency site idles most of the day, and idle costs nothing but storage.
        // SST's Table already turns point-in-time recovery on.
        deletionProtection: production,
        removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });

  return { table };
}
