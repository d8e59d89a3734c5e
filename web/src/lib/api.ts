/**
 * The one http client of the web app. Same-origin calls with credentials; errors carry the status
 * and the server's message so screens can show SPEC §8's texts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** The server's machine-readable reason, e.g. "stale" for a save made from an older read. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * How requests leave the app: the browser's fetch, or, while pages are rendered to HTML on the
 * server (entry-server.tsx), the renderer's own in-process transport to the same handlers.
 */
let transport: (path: string, init: RequestInit) => Promise<Response> = (path, init) => fetch(path, init);
export const setTransport = (fn: typeof transport) => {
  transport = fn;
};

async function request<T>(method: string, path: string, body?: unknown, init: RequestInit = {}, onHeaders?: (headers: Headers) => void): Promise<T> {
  const res = await transport(path, {
    method,
    credentials: "include",
    ...init,
    headers: {
      accept: "application/json",
      ...(method === "GET" ? {} : { "content-type": "application/json" }),
      ...(init.headers ?? {}),
    },
    // A body given as text in `init` (a file's own JSON) goes as it is, for the server to judge.
    body: init.body ?? (body === undefined ? (method === "GET" ? undefined : "{}") : JSON.stringify(body)),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const err = (data ?? {}) as { error?: string; fields?: Record<string, string>; code?: string };
    throw new ApiError(res.status, err.error ?? `API responded with HTTP status ${res.status}`, err.fields, typeof err.code === "string" ? err.code : undefined);
  }
  onHeaders?.(res.headers);
  return data as T;
}

export const api = {
  /** `onHeaders` sees the response headers of a successful call (paged lists: the next cursor). */
  get: <T>(path: string, init?: RequestInit, onHeaders?: (headers: Headers) => void) => request<T>("GET", path, undefined, init, onHeaders),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body),
  /** A JSON document the user picked, posted as its own text (not parsed here: the server says what is wrong with it). */
  postText: <T>(path: string, text: string) => request<T>("POST", path, undefined, { body: text }),
  put: <T>(path: string, body?: unknown) => request<T>("PUT", path, body),
  /** A DELETE may carry a body (turning two-factor off sends a code). */
  delete: <T>(path: string, body?: unknown) => request<T>("DELETE", path, body),
};
