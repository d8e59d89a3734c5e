import { describe, expect, it } from "vitest";
import { atExpression, scheduleName } from "./scheduler";

describe("the AWS schedule of a post", () => {
  it("is a one-time at() expression of the UTC time to the second", () => {
    expect(atExpression("2030-01-31T09:05:07.000Z")).toBe("at(2030-01-31T09:05:07)");
    expect(atExpression("2030-01-31T10:05:07+01:00")).toBe("at(2030-01-31T09:05:07)");
  });

  it("is named after the post within the limits of a schedule's name", () => {
    expect(scheduleName("0b9f3c1e-2a4d-4e8b-9c7a-1f2e3d4c5b6a")).toBe("post-0b9f3c1e-2a4d-4e8b-9c7a-1f2e3d4c5b6a");
    const odd = scheduleName(`a/b c#${"x".repeat(100)}`);
    expect(odd).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect(odd.startsWith("post-a_b_c_")).toBe(true);
  });
});
