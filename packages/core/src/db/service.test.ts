import { Entity as ElectroEntity } from "electrodb";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("db() in Lambda", () => {
  afterEach(() => {
    delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    delete process.env.TABLE_NAME;
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("builds no entity at import and only the ones a caller reads, bound to the configured table", async () => {
    const parsed = vi.spyOn(ElectroEntity.prototype as unknown as { _parseModel: (...a: unknown[]) => unknown }, "_parseModel");
    process.env.AWS_LAMBDA_FUNCTION_NAME = "agency-test";
    process.env.TABLE_NAME = "first-table";
    vi.resetModules();
    const { db } = await import("./service");
    expect(parsed).not.toHaveBeenCalled();

    expect(db().meta.get({ key: "seed" }).params()).toMatchObject({ TableName: "first-table", Key: expect.any(Object) });
    expect(db().meta.query.byKey({ key: "seed" }).params()).toMatchObject({ TableName: "first-table" });
    expect(parsed).toHaveBeenCalledTimes(1);

    process.env.TABLE_NAME = "second-table";
    expect(db().meta.get({ key: "seed" }).params()).toMatchObject({ TableName: "second-table" });
    expect(db().siteSetting.get({ key: "site_name" }).params()).toMatchObject({ TableName: "second-table" });
    expect(parsed).toHaveBeenCalledTimes(2);
  });
});
