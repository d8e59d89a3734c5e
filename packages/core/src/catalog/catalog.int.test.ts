import { describe, expect, it } from "vitest";
import { courseInput, serviceInput } from "../contract/catalog";
import { NotFoundError } from "../errors";
import { Courses, Services } from "./catalog";

describe("catalogues", () => {
  it("list by order_index ascending, with negative and double-digit indexes in numeric order", async () => {
    const made = await Promise.all(
      [10, 2, -1, 0].map((order_index) => Services.create(serviceInput.parse({ title: `S${order_index}`, order_index }))),
    );
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
    const after = await Services.update(s.id, serviceInput.parse({ title: "After", order_index: 3 }));
    expect(after).toMatchObject({ id: s.id, title: "After", order_index: 3 });
    await expect(Services.update("missing", serviceInput.parse({}))).rejects.toBeInstanceOf(NotFoundError);
    await Services.remove(s.id);
    await expect(Services.remove(s.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("give a course SPEC's defaults", async () => {
    const c = await Courses.create(courseInput.parse({ title: "Course" }));
    expect(c).toMatchObject({ level: "Beginner", duration: "8 weeks", student_count: "1k", progress_percentage: 75, button_type: "contact", is_active: true });
  });
});
