import { describe, expect, it } from "vitest";
import { Entity, modelValidation } from "./entity";

describe("ElectroDB's model check", () => {
  it("is ElectroDB's _validateModel hook, which deployed functions skip: an upgrade that renames it fails here", () => {
    expect(typeof modelValidation._validateModel).toBe("function");
    expect(() => modelValidation._validateModel({ model: { entity: "x", version: "1", service: "agency" }, attributes: {}, indexes: "none" })).toThrow(
      /indexes/,
    );
  });

  it("still runs outside Lambda (tests, npm start): a model that breaks ElectroDB's schema is refused", () => {
    expect(process.env.AWS_LAMBDA_FUNCTION_NAME).toBeUndefined();
    expect(
      () =>
        new Entity({
          model: { entity: "broken", version: "1", service: "agency" },
          attributes: { id: { type: "string" } },
          // @ts-expect-error: a composite must be a list of attribute names
          indexes: { byId: { pk: { field: "pk", composite: "id" } } },
        }),
    ).toThrow(/Invalid model|composite/i);
  });
});
