import { expect, inject } from "vitest";
import { NEXT_CURSOR_HEADER } from "../../packages/core/src/contract/admin";
import { Visitor } from "./auth-flow";
import type { HttpResponse } from "./http";

/** A browser signed in to the back office with Development Login. */
export async function devAdmin(): Promise<Visitor> {
  const admin = new Visitor(inject("baseUrl"));
  expect((await admin.call("POST", "/api/auth/dev-login", { body: {} })).status).toBe(200);
  return admin;
}

export const nextCursor = (res: HttpResponse) => res.headers[NEXT_CURSOR_HEADER] as string | undefined;

/** `path?params&cursor=`: every page of a paged admin list, following X-Next-Cursor; each page must be a 200 array. */
export async function allPages<T = { id: string }>(admin: Visitor, path: string, params: Record<string, string | number> = {}) {
  const items: T[] = [];
  const pages: HttpResponse[] = [];
  let cursor: string | undefined;
  do {
    const qs = new URLSearchParams(Object.entries({ ...params, ...(cursor ? { cursor } : {}) }).map(([k, v]) => [k, String(v)]));
    const res = await admin.call("GET", `${path}?${qs}`);
    expect(res.status, res.text).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    items.push(...(res.json as T[]));
    pages.push(res);
    cursor = nextCursor(res);
  } while (cursor);
  return { items, pages };
}

/** A name no other test uses, so searches and assertions see only this test's records. */
export const uniqueName = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 10)}`;
