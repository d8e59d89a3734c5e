import { Entity as ElectroEntity } from "electrodb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Entity, modelValidation } from "./entity";

const model = {
  model: { entity: "note", version: "1", service: "agency" },
  attributes: { id: { type: "string", required: true }, year: { type: "string", required: true }, title: { type: "string" } },
  indexes: {
    byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
    byYear: { index: "gsi1", pk: { field: "gsi1pk", composite: ["year"] }, sk: { field: "gsi1sk", composite: ["id"] } },
  },
} as const;

describe("ElectroDB's model check", () => {
  it("is ElectroDB's _validateModel hook, which deployed functions skip: an upgrade that renames it fails here", () => {
    expect(typeof modelValidation._validateModel).toBe("function");
    expect(() => modelValidation._validateModel({ model: { entity: "x", version: "1", service: "agency" }, attributes: {}, indexes: "none" })).toThrow(/indexes/);
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

describe("an entity in Lambda", () => {
  const parsed = () => vi.spyOn(ElectroEntity.prototype as unknown as { _parseModel: (...a: unknown[]) => unknown }, "_parseModel");
  afterEach(() => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    vi.restoreAllMocks();
  });

  it("is built on its first use, not when its module is loaded", () => {
    const spy = parsed();
    process.env.AWS_LAMBDA_FUNCTION_NAME = "agency-test";
    const notes = new Entity(model, { table: "t" });
    expect(spy).not.toHaveBeenCalled();
    notes.get({ id: "a" }).params();
    notes.query.byYear({ year: "2026" }).params();
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("outside Lambda is built at once, as ElectroDB builds it", () => {
    const spy = parsed();
    new Entity(model, { table: "t" });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it("builds the same requests as an entity built at once, and is an ElectroDB Entity", () => {
    const eager = new ElectroEntity(model, { table: "t" });
    process.env.AWS_LAMBDA_FUNCTION_NAME = "agency-test";
    const lazy = new Entity(model, { table: "t" });
    expect(lazy).toBeInstanceOf(ElectroEntity);
    expect(lazy.get({ id: "a" }).params()).toEqual(eager.get({ id: "a" }).params());
    expect(lazy.query.byYear({ year: "2026" }).gt({ id: "b" }).params()).toEqual(eager.query.byYear({ year: "2026" }).gt({ id: "b" }).params());
    expect(lazy.put({ id: "a", year: "2026", title: "T" }).params()).toEqual(eager.put({ id: "a", year: "2026", title: "T" }).params());
    lazy.setTableName("other");
    expect(lazy.get({ id: "a" }).params()).toMatchObject({ TableName: "other" });
    expect(lazy.schema).toBe(lazy.schema);
    expect(lazy.get).toBe(lazy.get);
  });

  // In Lambda a broken model is not refused (the check is off and ElectroDB's parse accepts some
  // broken models): what proves the app's models is every entity being built, checked, outside it.
  it("every entity of the app passes ElectroDB's model check, which deployed functions skip", async () => {
    expect(process.env.AWS_LAMBDA_FUNCTION_NAME).toBeUndefined();
    const checked = vi.spyOn(modelValidation, "_validateModel");
    vi.resetModules();
    // Loading the registry builds every entity, each checked: a broken model throws here.
    const { db } = await import("./service");
    const entities = Object.keys(db());
    expect(entities.length).toBeGreaterThan(20);
    expect(checked.mock.calls.length).toBeGreaterThanOrEqual(entities.length);
  });
});
