import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import { deliveryIds } from "./handler";

describe("the webhook function's batches", () => {
  it("takes new pending deliveries from the stream and retries from the queue, and nothing else", () => {
    const image = (item: object) => ({ dynamodb: { NewImage: marshall(item) as never } });
    expect(
      deliveryIds({
        Records: [
          image({ __edb_e__: "webhookDelivery", id: "d1", status: "pending" }),
          image({ __edb_e__: "webhookDelivery", id: "d2", status: "delivered" }),
          image({ __edb_e__: "contactSubmission", id: "m1", mail_status: "pending" }),
          { body: JSON.stringify({ id: "d3" }) },
          { body: JSON.stringify({ other: 1 }) },
          {},
        ],
      }),
    ).toEqual(["d1", "d3"]);
  });
});
