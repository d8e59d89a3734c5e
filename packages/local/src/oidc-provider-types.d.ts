// oidc-provider 9 ships no type declarations; this is the part the local stand-in uses.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId?: string };
    grantId?: string;
  }

  export class Grant {
    constructor(init: { accountId?: string; clientId: string });
    accountId?: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: { login?: { accountId: string }; consent?: { grantId?: string } };
      provider: Provider;
      params?: Record<string, unknown>;
    };
  }

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    readonly issuer: string;
    Grant: typeof Grant;
    proxy: boolean;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's events carry arguments of every kind (EventEmitter's own signature)
    on(event: string, listener: (...args: any[]) => void): this;
  }

  export namespace interactionPolicy {
    class Check {
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>);
      static REQUEST_PROMPT: true;
      static NO_NEED_TO_PROMPT: false;
    }
    interface Prompt {
      name: string;
      checks: Check[];
    }
    function base(): Prompt[] & { get(name: string): Prompt | undefined };
  }

  export default Provider;
}

declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown;
}
