import { marshall } from "@aws-sdk/util-dynamodb";
import { describe, expect, it } from "vitest";
import { mailsDue } from "./handler";

describe("the lead-mail function's batches", () => {
  it("takes records written as pending from the stream and retries from the queue, and nothing else", () => {
    const image = (item: object) => ({ dynamodb: { NewImage: marshall(item) as never } });
    expect(
      mailsDue({
        Records: [
          image({ __edb_e__: "contactSubmission", id: "m1", mail_status: "pending" }),
          image({ __edb_e__: "courseRegistration", id: "r1", mail_status: "pending" }),
          image({ __edb_e__: "newsletterSubscriber", id: "s1", mail_status: "pending" }),
          image({ __edb_e__: "contactSubmission", id: "m2", mail_status: "sending" }),
          image({ __edb_e__: "webhookDelivery", id: "d1", status: "pending", mail_status: "pending" }),
          { body: JSON.stringify({ kind: "message", id: "m3" }) },
          { body: JSON.stringify({ kind: "newsletter", id: "s2" }) },
          { body: JSON.stringify({ kind: "webhook", id: "d2" }) },
          { body: JSON.stringify({ id: "m4" }) },
          {},
        ],
      }),
    ).toEqual([
      { kind: "message", id: "m1" },
      { kind: "registration", id: "r1" },
      { kind: "newsletter", id: "s1" },
      { kind: "message", id: "m3" },
      { kind: "newsletter", id: "s2" },
    ]);
  });
});
