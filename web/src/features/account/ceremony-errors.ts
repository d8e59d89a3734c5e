/**
 * What to tell someone whose passkey ceremony did not finish in the browser. The browser says
 * little on purpose (a cancel and a timeout are the same NotAllowedError); nothing was sent or
 * changed in either case. Undefined: not a browser refusal (the server's answer is shown instead).
 */
export function ceremonyErrorMessage(err: unknown): string | undefined {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "The passkey request was cancelled or timed out. Nothing was changed.";
  if (name === "InvalidStateError") return "This device already has a passkey for this account.";
  if (name === "NotSupportedError") return "This browser or device cannot use passkeys.";
  if (name === "SecurityError") return "Passkeys cannot be used on this address.";
  return undefined;
}
