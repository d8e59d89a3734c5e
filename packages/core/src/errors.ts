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
