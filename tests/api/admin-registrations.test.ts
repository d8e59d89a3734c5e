import { beforeAll, describe, expect, it } from "vitest";
import type { AdminRegistration, RegistrationStats } from "../../packages/core/src/contract/admin";
import { Registrations } from "../../packages/core/src/registrations/registrations";
import type { Visitor } from "../support/auth-flow";
import { allPages, devAdmin, nextCursor, uniqueName } from "../support/admin";
import { useRuntimeDatabase } from "../support/database";
import { call, freshIp } from "../support/http";

const BASE = "/api/admin/course-registrations";
let admin: Visitor;
beforeAll(async () => {
  useRuntimeDatabase();
  admin = await devAdmin();
});

async function register(fields: Record<string, string>) {
  const res = await call("POST", "/api/course-registrations", { ip: freshIp(), body: { email: "learner@example.com", ...fields } });
  expect(res.status).toBe(201);
}
const stats = async () => (await admin.call("GET", `${BASE}/stats`)).json as RegistrationStats;
const countOf = (s: RegistrationStats, status: string) => s.by_status.find((b) => b.status === status)!.count;
const find = async (q: string, params: Record<string, string | number> = {}) => (await allPages<AdminRegistration>(admin, BASE, { q, limit: 1, ...params })).items;

describe("the registrations list", () => {
  const marker = uniqueName("Learner");
  const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  let old = "";
  beforeAll(async () => {
    await register({ name: `${marker} A`, phone, course_interest: "Machine Learning Fundamentals" });
    await register({ name: `${marker} B`, company: "Initech", additional_notes: "Weekends only, please" });
    old = (
      await Registrations.create(
        {
          name: `${marker} C`,
          email: "c@example.com",
          phone: "",
          company: "",
          course_interest: "Data Science Bootcamp",
          experience_level: "",
          preferred_start_date: "",
          additional_notes: "",
        },
        "2024-09-09T09:00:00.000Z",
      )
    ).id;
  });

  it("pages newest first across years, searching name, email, phone, company, course and notes", async () => {
    const all = await find(marker);
    expect(all.map((r) => r.name)).toEqual([`${marker} B`, `${marker} A`, `${marker} C`]);
    expect(all[2]!.id).toBe(old);
    expect(all[0]).toMatchObject({ status: "pending", company: "Initech", additional_notes: "Weekends only, please", experience_level: "", created_at: expect.any(String) });
    expect(Object.keys(all[0]!).sort()).toEqual(
      ["id", "name", "email", "phone", "company", "course_interest", "experience_level", "preferred_start_date", "additional_notes", "status", "mail_status", "created_at"].sort(),
    );
    expect((await find(phone.slice(3))).map((r) => r.name)).toEqual([`${marker} A`]);
    expect((await find("INITECH")).map((r) => r.name)).toContain(`${marker} B`);
    expect((await find("weekends only")).map((r) => r.name)).toContain(`${marker} B`);
    expect((await find(`${marker} c`)).map((r) => r.id)).toEqual([old]);
    expect(await find(marker, { status: "contacted" })).toEqual([]);
  });

  it("moves a registration through every status, and filters by it", async () => {
    const [reg] = await find(`${marker} A`);
    for (const status of ["contacted", "enrolled", "declined", "pending", "enrolled"]) {
      const res = await admin.call("PUT", `${BASE}/${reg!.id}/status`, { body: { status } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: reg!.id, status });
    }
    expect((await find(marker, { status: "enrolled" })).map((r) => r.id)).toEqual([reg!.id]);
    expect((await find(marker, { status: "pending" })).map((r) => r.name)).toEqual([`${marker} B`, `${marker} C`]);
  });

  it("refuses unknown statuses and ids, bad limits and foreign cursors", async () => {
    const [reg] = await find(`${marker} B`);
    for (const status of ["archived", "", "PENDING", 3, null]) {
      const res = await admin.call("PUT", `${BASE}/${reg!.id}/status`, { body: { status } });
      expect(res.status, String(status)).toBe(400);
      expect(Object.keys(res.json.fields)).toEqual(["status"]);
    }
    expect((await admin.call("PUT", `${BASE}/no-such-registration/status`, { body: { status: "contacted" } })).status).toBe(404);
    expect((await admin.call("GET", `${BASE}?status=archived`)).json.fields).toHaveProperty("status");
    expect((await admin.call("GET", `${BASE}?limit=101`)).json.fields).toHaveProperty("limit");
    const cursor = nextCursor(await admin.call("GET", `${BASE}?limit=1&status=pending`));
    const foreign = await admin.call("GET", `${BASE}?limit=1&status=enrolled&cursor=${cursor}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual({ cursor: expect.any(String) });
    // A cursor of one list is foreign to another, even with the same parameters.
    const unfiltered = nextCursor(await admin.call("GET", `${BASE}?limit=1`));
    expect((await admin.call("GET", `/api/admin/contact-submissions?limit=1&cursor=${unfiltered}`)).json.fields).toEqual({ cursor: expect.any(String) });
  });
});

describe("the registration counters", () => {
  it("count a registration as pending, follow its status changes once each, and its deletion", async () => {
    const name = uniqueName("Status");
    const s0 = await stats();
    await register({ name });
    const s1 = await stats();
    expect([s1.total - s0.total, countOf(s1, "pending") - countOf(s0, "pending")]).toEqual([1, 1]);
    const [reg] = await find(name);
    await Promise.all([1, 2, 3].map(() => admin.call("PUT", `${BASE}/${reg!.id}/status`, { body: { status: "contacted" } })));
    const s2 = await stats();
    expect([countOf(s2, "pending") - countOf(s1, "pending"), countOf(s2, "contacted") - countOf(s1, "contacted")]).toEqual([-1, 1]);
    const dash = async () => (await admin.call("GET", "/api/admin/dashboard-stats")).json.stats.registrations;
    expect(await dash()).toEqual({ total: s2.total, pending: countOf(s2, "pending") });
    expect((await admin.call("DELETE", `${BASE}/${reg!.id}`, { body: {} })).json).toEqual({ success: true });
    expect((await admin.call("DELETE", `${BASE}/${reg!.id}`, { body: {} })).status).toBe(404);
    const s3 = await stats();
    expect([s3.total - s0.total, ...s3.by_status.map((b) => b.count - countOf(s0, b.status))]).toEqual([0, 0, 0, 0, 0]);
    expect(s3.by_status.map((b) => b.status)).toEqual(["pending", "contacted", "enrolled", "declined"]);
  });
});

describe("one registration by id, the count, and bulk actions", () => {
  const bulk = (body: unknown) => admin.call("POST", `${BASE}/bulk`, { body });

  it("answers any registration by id, however old, and 404 for an unknown id", async () => {
    const old = await Registrations.create(
      { name: uniqueName("Linked"), email: "l@example.com", phone: "", company: "", course_interest: "", experience_level: "", preferred_start_date: "", additional_notes: "" },
      "2024-04-04T04:04:04.000Z",
    );
    const res = await admin.call("GET", `${BASE}/${old.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: old.id, name: old.name, status: "pending", created_at: "2024-04-04T04:04:04.000Z" });
    expect((await admin.call("GET", `${BASE}/no-such-registration`)).status).toBe(404);
  });

  it("change the status of the listed registrations, or of every match of a filter, counting each change once", async () => {
    const marker = uniqueName("Cohort");
    for (const n of ["A", "B", "C"]) await register({ name: `${marker} ${n}` });
    const ids = (await find(marker)).map((r) => r.id);
    const count = async (params: string) => (await admin.call("GET", `${BASE}/count?q=${encodeURIComponent(marker)}&${params}`)).json.count as number;
    expect(await count("")).toBe(3);
    const s0 = await stats();

    expect((await bulk({ action: "set_status", status: "contacted", ids: ids.slice(0, 2) })).json).toEqual({ success: true, updated: 2, processed: 2 });
    expect((await bulk({ action: "set_status", status: "contacted", ids: ids.slice(0, 2) })).json).toEqual({ success: true, updated: 0, processed: 2 });
    expect(await count("status=contacted")).toBe(2);
    const s1 = await stats();
    expect([countOf(s1, "pending") - countOf(s0, "pending"), countOf(s1, "contacted") - countOf(s0, "contacted")]).toEqual([-2, 2]);

    const all = await bulk({ action: "set_status", status: "enrolled", filter: { q: marker } });
    expect(all.json).toEqual({ success: true, updated: 3, processed: 3 });
    expect(await count("status=enrolled")).toBe(3);
    const s2 = await stats();
    expect(s2.by_status.map((b) => b.count - countOf(s0, b.status))).toEqual([-3, 0, 3, 0]);

    expect((await bulk({ action: "delete", filter: { q: marker, status: "enrolled" } })).json).toEqual({ success: true, updated: 3, processed: 3 });
    expect(await count("")).toBe(0);
    const s3 = await stats();
    expect([s3.total - s0.total, ...s3.by_status.map((b) => b.count - countOf(s0, b.status))]).toEqual([-3, -3, 0, 0, 0]);
  });

  it("refuse bad input with a 400 naming the fields", async () => {
    const cases: [unknown, string][] = [
      [{ action: "mark_read", ids: ["a"] }, "action"],
      [{ action: "set_status", ids: ["a"] }, "status"],
      [{ action: "set_status", status: "archived", ids: ["a"] }, "status"],
      [{ action: "delete" }, "ids"],
      [{ action: "delete", filter: { status: "archived" } }, "filter.status"],
    ];
    for (const [body, field] of cases) {
      const res = await bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.fields), JSON.stringify(body)).toEqual([field]);
    }
  });
});
