import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Messages } from "../../packages/core/src/messages/messages";
import { Courses } from "../../packages/core/src/catalog/catalog";
import { courseInput } from "../../packages/core/src/contract/catalog";
import { Registrations } from "../../packages/core/src/registrations/registrations";
import { useRuntimeDatabase } from "../support/database";
import { call, freshIp } from "../support/http";

useRuntimeDatabase();
const stored = {
  "/api/contact": async (name: string) => (await Messages.listAll()).filter((m) => m.name === name),
  "/api/course-registrations": async (name: string) => (await Registrations.listAll()).filter((r) => r.name === name),
};
const uniqueName = () => `Visitor ${Math.random().toString(36).slice(2)}`;

const contact = (over: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Engines",
  message: "We would like to automate our invoicing.",
  inquiryType: "automation",
  form_type: "automation",
  ...over,
});
const registration = (over: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: "+1 555 0100",
  company: "",
  course_interest: "Machine Learning Fundamentals",
  experience_level: "Beginner",
  preferred_start_date: "2026-12-01",
  additional_notes: "",
  ...over,
});

describe.each([
  { path: "/api/contact", valid: contact, required: ["name", "email", "message"], initial: { is_read: false } },
  { path: "/api/course-registrations", valid: registration, required: ["name", "email"], initial: { status: "pending" } },
])("POST $path", ({ path, valid, required, initial }) => {
  it("accepts a valid submission with 201 and stores it once, with created_at, a message unread and a registration pending", async () => {
    const name = uniqueName();
    const res = await call("POST", path, { body: valid({ name }), ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true });
    expect(res.headers["cache-control"]).toBe("no-store");
    const records = await stored[path as keyof typeof stored](name);
    expect(records).toHaveLength(1);
    expect(records[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(records[0]).toMatchObject(initial);
  });

  it("names every missing required field in one 400", async () => {
    const body = valid(Object.fromEntries(required.map((f) => [f, ""])));
    const res = await call("POST", path, { body, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.fields).sort()).toEqual([...required].sort());
  });

  it("rejects an invalid email with a message for that field", async () => {
    const res = await call("POST", path, { body: valid({ email: "not-an-email" }), ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({ email: "Please enter a valid email address" });
  });

  it("answers 415 to a body that is not JSON", async () => {
    const res = await call("POST", path, { raw: "name=x", headers: { "content-type": "text/plain" }, ip: freshIp() });
    expect(res.status).toBe(415);
  });

  it("answers 400 to malformed JSON", async () => {
    const res = await call("POST", path, { raw: "{not json", headers: { "content-type": "application/json" }, ip: freshIp() });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe("Request body is not valid JSON");
  });

  it("answers 413 to a body over 16 KB", async () => {
    const res = await call("POST", path, { body: valid({ name: "x".repeat(17 * 1024) }), ip: freshIp() });
    expect(res.status).toBe(413);
  });

  it("gives a filled honeypot the normal success answer and stores nothing", async () => {
    const name = uniqueName();
    const res = await call("POST", path, { body: valid({ name, website: "http://spam.example" }), ip: freshIp() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ success: true });
    expect(await stored[path as keyof typeof stored](name)).toEqual([]);
  });

  it("refuses the sixth submission in a window with 429 and Retry-After, keyed on the source address", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await call("POST", path, { body: valid(), ip })).status).toBe(201);
    const name = uniqueName();
    const sixth = await call("POST", path, { body: valid({ name }), ip, headers: { "x-forwarded-for": "10.9.8.7" } });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(0);
    expect(await stored[path as keyof typeof stored](name)).toEqual([]);
    // Another visitor is unaffected.
    expect((await call("POST", path, { body: valid(), ip: freshIp() })).status).toBe(201);
  });

  it("never answers 5xx to arbitrary JSON", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await call("POST", path, { raw: JSON.stringify(body), headers: { "content-type": "application/json" }, ip: freshIp() });
        expect(res.status).toBeLessThan(500);
        expect(res.text).not.toMatch(/at .*\.ts:\d+/);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            name: fc.anything(),
            email: fc.anything(),
            message: fc.anything(),
            company: fc.anything(),
            form_type: fc.anything(),
            experience_level: fc.anything(),
            preferred_start_date: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await call("POST", path, { raw: JSON.stringify(body) ?? "null", headers: { "content-type": "application/json" }, ip: freshIp() });
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("POST /api/course-registrations preferred_start_date", () => {
  it.each(["2027-02-30", "2027-02-29", "2027-04-31", "2027-13-01"])(
    "refuses %s, a day the calendar does not have, with a 400 naming the field, and stores nothing",
    async (preferred_start_date) => {
      const name = uniqueName();
      const res = await call("POST", "/api/course-registrations", { body: registration({ name, preferred_start_date }), ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ preferred_start_date: "Please enter a valid date" });
      expect(await stored["/api/course-registrations"](name)).toEqual([]);
    },
  );

  it("accepts a leap day", async () => {
    const name = uniqueName();
    const res = await call("POST", "/api/course-registrations", { body: registration({ name, preferred_start_date: "2028-02-29" }), ip: freshIp() });
    expect(res.status).toBe(201);
    expect((await stored["/api/course-registrations"](name))[0]?.preferred_start_date).toBe("2028-02-29");
  });
});

describe("POST /api/course-registrations course_interest", () => {
  const course = (title: string, is_active: boolean) => Courses.create(courseInput.parse({ title, is_active }));

  it.each(["", "Not sure", "Data Scientist Path", "Machine Learning Fundamentals"])(
    "accepts %j: nothing, Not sure, a learning path or an active course",
    async (course_interest) => {
      const name = uniqueName();
      const res = await call("POST", "/api/course-registrations", { body: registration({ name, course_interest }), ip: freshIp() });
      expect(res.status).toBe(201);
      expect((await stored["/api/course-registrations"](name))[0]?.course_interest).toBe(course_interest);
    },
  );

  it("accepts a course added in Course Management, and refuses it with a 400 naming the field once it is inactive", async () => {
    const title = uniqueName().replace("Visitor", "Course");
    const added = await course(title, true);
    try {
      const accepted = uniqueName();
      expect((await call("POST", "/api/course-registrations", { body: registration({ name: accepted, course_interest: title }), ip: freshIp() })).status).toBe(201);
      await Courses.update(added.id, { is_active: false, version: added.version });
      const refused = uniqueName();
      const res = await call("POST", "/api/course-registrations", { body: registration({ name: refused, course_interest: title }), ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ course_interest: "Choose a course from the list" });
      expect(await stored["/api/course-registrations"](refused)).toEqual([]);
    } finally {
      await Courses.remove(added.id);
    }
  });

  it("refuses a course nobody offers, and one differing only in case", async () => {
    for (const course_interest of ["Underwater Basket Weaving", "machine learning fundamentals"]) {
      const res = await call("POST", "/api/course-registrations", { body: registration({ course_interest }), ip: freshIp() });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ course_interest: "Choose a course from the list" });
    }
  });
});
