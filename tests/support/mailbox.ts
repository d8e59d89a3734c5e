/**
 * A mail catcher's inbox read through its REST API (packages/local/src/mail-catcher), and polling
 * for what arrives there: the runtime's own (`inject("mailUrl")`) or one a test starts itself.
 */
export interface Mail {
  id: string;
  subject: string;
  text: string;
  to: { address: string }[];
  headers: Record<string, string>;
}

export function mailbox(webUrl: string) {
  const inbox = async (): Promise<Mail[]> => (await (await fetch(`${webUrl}/api/email`)).json()) as Mail[];
  return {
    inbox,
    /** The raw source of one mail. */
    source: async (id: string) => (await fetch(`${webUrl}/api/email/${id}/source`)).text(),
    mailsTo: async (address: string) => (await inbox()).filter((m) => m.to.some((t) => t.address === address)),
    /** The mails about one lead, by the Message-ID every attempt for it carries. */
    mailsFor: async (leadId: string) => (await inbox()).filter((m) => m.headers["message-id"] === `<lead-${leadId}@localhost>`),
  };
}

/** Polls `get` until `ok` holds; fails naming `what` with the last value after `ms`. */
export async function until<T>(what: string, get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
