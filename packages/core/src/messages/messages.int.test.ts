import { describe, expect, it } from "vitest";
import { Messages } from "./messages";

const msg = (name: string) => ({ name, email: `${name}@example.com`, company: "", message: "Hi", form_type: "general" as const });

describe("contact submissions", () => {
  it("start unread, list newest first, and can be marked read, unread and deleted", async () => {
    const a = await Messages.create(msg("a"));
    await new Promise((r) => setTimeout(r, 5));
    const b = await Messages.create(msg("b"));
    expect(a.is_read).toBe(false);
    const ids = (await Messages.listAll()).map((m) => m.id).filter((id) => id === a.id || id === b.id);
    expect(ids).toEqual([b.id, a.id]);

    expect((await Messages.setRead(a.id, true)).is_read).toBe(true);
    expect((await Messages.setRead(a.id, false)).is_read).toBe(false);
    await Messages.markAllRead();
    expect((await Messages.listAll()).every((m) => m.is_read)).toBe(true);
    await Messages.remove(b.id);
    expect((await Messages.listAll()).map((m) => m.id)).not.toContain(b.id);
  });
});
