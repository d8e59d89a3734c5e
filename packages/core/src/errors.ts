import { STALE_ITEM_CODE, STALE_ITEM_MESSAGE } from "./contract/versioned";
/** Errors that domain modules throw; the http wrapper maps each to its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields ? { fields } : {});
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, "Too many requests. Please try again later.", {}, { "retry-after": String(retryAfterSeconds) });
  }
}
/** A PUT whose version is not the stored one (contract/versioned.ts): 409, nothing written. */
export class StaleItemError extends HttpError {
  constructor() {
    super(409, STALE_ITEM_MESSAGE, { code: STALE_ITEM_CODE });
  }
}
