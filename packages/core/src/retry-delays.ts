/**
 * LEAD_MAIL_RETRY_MS="100,200" (or another variable's: WEBHOOK_RETRY_MS): shorter waits between
 * attempts, for tests and local trials. Undefined when unset or with no usable number.
 */
export function retryDelaysFromEnv(name = "LEAD_MAIL_RETRY_MS"): number[] | undefined {
  const v = process.env[name];
  if (!v) return undefined;
  const delays = v
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n >= 0);
  return delays.length ? delays : undefined;
}
