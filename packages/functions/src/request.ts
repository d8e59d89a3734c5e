import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type * as z from "@agency/core/contract/zod";
import type { RouteKey } from "@agency/core/routes";
import type { Role } from "@agency/core/contract/roles";
import type { User } from "@agency/core/users/users";
import type { AuditAction, AuditActor, AuditEntity } from "@agency/core/contract/audit";

/**
 * What a handler receives from the http wrapper (http.ts), and what the guard (auth/guard.ts) reads.
 * Its own module, so that the wrapper and the guard both import it and neither imports the other's types.
 */
export interface Request {
  readonly event: APIGatewayProxyEventV2;
  readonly routeKey: RouteKey;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  /** Lowercased names. */
  readonly headers: Record<string, string>;
  readonly cookies: Record<string, string>;
  /** The caller's address as API Gateway saw it; never taken from headers or the body. */
  readonly ip: string;
  readonly requestId: string;
  /** The signed-in admin; set on every `admin` route (the guard ran before the handler). */
  session?: AdminSession;
  /** The JSON body validated by `schema`; 415, 413 or 400 otherwise. */
  body<S extends z.ZodMiniType>(schema: S, options?: { maxBytes?: number }): z.output<S>;
  /** Says what this admin action was about, for its audit log entry (./audit.ts); later notes add to earlier ones. */
  audit(note: AuditNote): void;
}

/** The identity of a signed-in admin. */
export type AdminSession = (
  | { type: "google"; userId: string; email: string; user: User }
  | {
      type: "admin";
      username: string;
      full_name: string;
      dev: boolean;
      /** Must set up two-factor before anything but the account routes (auth/guard.ts). */
      setupRequired?: boolean;
    }
) & { role: Role };

/** What a handler says about its admin action, for the audit log entry (audit.ts). */
export interface AuditNote {
  action?: AuditAction;
  entity?: AuditEntity;
  entity_id?: string;
  entity_label?: string;
  changed_fields?: string[];
  /** What the action was about when the answer is not it (a delete answers `{success}`): its id and label come from it. */
  record?: unknown;
  /** Who acted, when it is not the request's admin session (a sign-in). */
  actor?: AuditActor;
}
