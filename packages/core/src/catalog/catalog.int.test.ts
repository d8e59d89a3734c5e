import { describe, expect, it } from "vitest";
import { courseInput, courseUpdate, serviceInput, serviceUpdate } from "../contract/catalog";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { dynamo } from "../db/client";
import { db } from "../db/service";
import { NotFoundError, StaleItemError } from "../errors";
import { Courses, Services } from "./catalog";

describe("catalogues", () => {
  it("list by order_index ascending, with negative and double-digit indexes in numeric order", async () => {
    const made = await Promise.all([10, 2, -1, 0].map((order_index) => Services.create(serviceInput.parse({ title: `S${order_index}`, order_index }))));
    const list = (await Services.list()).filter((s) => made.some((m) => m.id === s.id));
    expect(list.map((s) => s.order_index)).toEqual([-1, 0, 2, 10]);
  });

  it("list only active items publicly", async () => {
    const hidden = await Services.create(serviceInput.parse({ title: "Hidden", is_active: false }));
    const shown = await Services.create(serviceInput.parse({ title: "Shown" }));
    const ids = (await Services.listActive()).map((s) => s.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
  });

  it("update an existing item and refuse to update or delete a missing one", async () => {
    const s = await Services.create(serviceInput.parse({ title: "Before" }));
    const after = await Services.update(s.id, serviceUpdate.parse({ title: "After", order_index: 3, version: 1 }));
    expect(after).toMatchObject({ id: s.id, title: "After", order_index: 3, version: 2 });
    await expect(Services.update("missing", serviceUpdate.parse({ version: 1 }))).rejects.toBeInstanceOf(NotFoundError);
    await Services.remove(s.id);
    await expect(Services.remove(s.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("save only the fields sent, at the version read, and refuse a stale version writing nothing", async () => {
    const s = await Services.create(serviceInput.parse({ title: "Kept", image_url: "https://example.com/a.png", order_index: 4, is_active: true }));
    expect(s.version).toBe(1);
    const saved = await Services.update(s.id, serviceUpdate.parse({ is_active: false, version: 1 }));
    expect(saved).toMatchObject({ title: "Kept", image_url: "https://example.com/a.png", order_index: 4, is_active: false, version: 2 });
    await expect(Services.update(s.id, serviceUpdate.parse({ title: "Lost", version: 1 }))).rejects.toBeInstanceOf(StaleItemError);
    expect(await Services.get(s.id)).toMatchObject({ title: "Kept", version: 2 });
  });

  it("let exactly one of two saves at the same version land", async () => {
    const s = await Services.create(serviceInput.parse({ title: "Raced" }));
    const results = await Promise.allSettled(["A", "B", "C"].map((title) => Services.update(s.id, serviceUpdate.parse({ title, version: 1 }))));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof StaleItemError)).toHaveLength(2);
    expect((await Services.get(s.id)).version).toBe(2);
  });

  it("count an item stored without a version as version 1", async () => {
    await db().service.put({ id: "legacy-service", title: "Legacy", order_index: 0, is_active: true }).go();
    // Drop the attribute, as records written before versions existed lack it.
    const { Key, TableName } = db().service.get({ id: "legacy-service" }).params() as { Key: Record<string, string>; TableName: string };
    await dynamo().client.send(new UpdateCommand({ TableName, Key, UpdateExpression: "REMOVE #v", ExpressionAttributeNames: { "#v": "version" } }));
    expect((await Services.get("legacy-service")).version).toBe(1);
    expect((await Services.list()).find((x) => x.id === "legacy-service")?.version).toBe(1);
    await expect(Services.update("legacy-service", serviceUpdate.parse({ title: "x", version: 2 }))).rejects.toBeInstanceOf(StaleItemError);
    expect(await Services.update("legacy-service", serviceUpdate.parse({ title: "Saved", version: 1 }))).toMatchObject({ title: "Saved", version: 2 });
  });

  it("check a course's register link against the stored course with the sent fields over it", async () => {
    const c = await Courses.create(courseInput.parse({ title: "Linked", button_type: "register", external_url: "https://example.com/r" }));
    await expect(Courses.update(c.id, courseUpdate.parse({ external_url: "", version: 1 }))).rejects.toMatchObject({
      status: 400,
      extra: { fields: { external_url: expect.any(String) } },
    });
    const plain = await Courses.create(courseInput.parse({ title: "Plain" }));
    await expect(Courses.update(plain.id, courseUpdate.parse({ button_type: "register", version: 1 }))).rejects.toMatchObject({ status: 400 });
    expect(await Courses.update(plain.id, courseUpdate.parse({ button_type: "register", external_url: "https://example.com/x", version: 1 }))).toMatchObject({
      button_type: "register",
      version: 2,
    });
    expect((await Courses.get(c.id)).external_url).toBe("https://example.com/r");
  });

  it("give a course SPEC's defaults", async () => {
    const c = await Courses.create(courseInput.parse({ title: "Course" }));
    expect(c).toMatchObject({ level: "Beginner", duration: "8 weeks", student_count: "1k", progress_percentage: 75, button_type: "contact", is_active: true });
  });
});
