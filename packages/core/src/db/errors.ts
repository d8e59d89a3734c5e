/** True when a write failed its condition (item missing for patch/remove, present for create). */
export function isConditionalFailure(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const { name, message, cause } = e as { name?: string; message?: string; cause?: unknown };
    if (name === "ConditionalCheckFailedException" || /conditional request failed/i.test(message ?? "")) return true;
    e = cause;
  }
  return false;
}
