import { describe, expect, it } from "vitest";
import { adminReturnPath, afterSignIn } from "./return-path";

describe("the address sign-in returns to", () => {
  it.each([
    ["/admin", "/admin"],
    ["/admin/", "/admin/"],
    ["/admin/messages?open=abc", "/admin/messages?open=abc"],
    ["/admin/registrations?open=r-1&q=ada#top", "/admin/registrations?open=r-1&q=ada#top"],
    ["/admin?tab=x", "/admin?tab=x"],
    ["/admin/blog/./edit", "/admin/blog/edit"],
  ])("takes the admin path %s", (value, expected) => {
    expect(adminReturnPath(value)).toBe(expected);
  });

  it.each([
    ["another site", "https://evil.example/admin"],
    ["a protocol-relative URL", "//evil.example/admin"],
    ["a double slash after /admin", "/admin//evil.example"],
    ["a URL in the query", "/admin/messages?next=https://evil.example"],
    ["a backslash", "/admin\\..\\evil"],
    ["a backslash read as a slash", "/\\evil.example/admin"],
    ["a javascript: URL", "javascript:alert(1)//admin"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a scheme-relative path with a scheme inside", "/admin:https://evil.example"],
    ["a public page", "/contact"],
    ["a path that only starts like /admin", "/administrator"],
    ["a path that leaves /admin", "/admin/../contact"],
    ["an encoded way out", "/admin/%2e%2e/contact"],
    ["the login page", "/admin/login"],
    ["the login page with a return", "/admin/login?next=/admin/users"],
    ["a tab (URL parsers drop it)", "/admin/\tmessages"],
    ["a line break", "/admin/messages\n"],
    ["a NUL", "/admin/\u0000"],
    ["a C1 control", "/admin/\u0085"],
    ["a relative path", "admin/messages"],
    ["nothing", ""],
    ["an over-long address", `/admin/messages?q=${"a".repeat(2048)}`],
    ["a number", 42],
    ["null", null],
    ["an array", ["/admin/messages"]],
  ])("refuses %s", (_, value) => {
    expect(adminReturnPath(value)).toBeUndefined();
    expect(afterSignIn(value)).toBe("/admin");
  });
});
