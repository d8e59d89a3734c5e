import { NEXT_CURSOR_HEADER } from "@agency/core/contract/admin";
import type { Page } from "@agency/core/db/paging";
import { reply } from "./http";

/** A page of a paged admin list (contract/admin.ts): the items, and the next page's cursor in X-Next-Cursor. */
export const pageReply = (page: Page<unknown>) => reply.json(page.items, 200, page.next ? { headers: { [NEXT_CURSOR_HEADER]: page.next } } : {});
