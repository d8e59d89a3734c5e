import { describe, expect, it } from "vitest";
import { Users } from "../users/users";

describe("users from Google sign-ins", () => {
  it("creates a user at the first sign-in and updates it at the next", async () => {
    const t1 = Date.UTC(2026, 0, 5, 10);
    const first = (await Users.upsertFromGoogle({ sub: "g-1", email: "Grace@Example.com", email_verified: true, name: "Grace", picture: "https://p/1" }, t1))!;
    expect(first).toMatchObject({
      email: "grace@example.com",
      google_sub: "g-1",
      created_at: new Date(t1).toISOString(),
      last_login_at: new Date(t1).toISOString(),
      google_user_data: { name: "Grace", picture: "https://p/1", email_verified: true },
    });
    const t2 = t1 + 86_400_000;
    const again = (await Users.upsertFromGoogle({ sub: "g-1", email: "grace@example.com", email_verified: true, name: "Grace H." }, t2))!;
    expect(again.id).toBe(first.id);
    expect(again.created_at).toBe(first.created_at);
    expect(again.last_login_at).toBe(new Date(t2).toISOString());
    expect(again.google_user_data?.name).toBe("Grace H.");
    expect((await Users.listAll()).filter((u) => u.email === "grace@example.com")).toHaveLength(1);
  });

  it("records unverified addresses, but never lets one take over another account's record", async () => {
    const owner = (await Users.upsertFromGoogle({ sub: "owner", email: "taken@example.com", email_verified: true, name: "Owner" }))!;
    const squatter = await Users.upsertFromGoogle({ sub: "squatter", email: "taken@example.com", email_verified: false, name: "Squatter" });
    expect(squatter).toBeUndefined();
    expect((await Users.get(owner.id)).google_user_data?.name).toBe("Owner");
    const fresh = await Users.upsertFromGoogle({ sub: "u-2", email: "new-unverified@example.com", email_verified: false });
    expect(fresh?.google_user_data?.email_verified).toBe(false);
  });
});
