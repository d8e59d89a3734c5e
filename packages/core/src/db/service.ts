import { config } from "../config";
import { dynamo } from "./client";
import { AuditDayEntity, AuditEntryEntity } from "../audit/entity";
import {
  AdminAccountEntity,
  InvitationEntity,
  OidcTransactionEntity,
  PasskeyEntity,
  PendingSignInEntity,
  SecuritySettingsEntity,
  SessionEntity,
  WebAuthnChallengeEntity,
} from "../auth/entities";
import { BlogPostEntity, BlogScheduleEntity, BlogSlugEntity, PreviewKeyEntity } from "../blog/entities";
import { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "../catalog/entities";
import { MessageEntity } from "../messages/entity";
import { CounterEntity } from "../counters/entity";
import { MetaEntity } from "../meta/entity";
import { NewsletterSubscriberEntity } from "../newsletter/entity";
import { MediaEntity, MediaHashEntity } from "../media/entity";
import { PageSectionEntity } from "../page-sections/entity";
import { RateLimitEntity } from "../rate-limit/entity";
import { RegistrationEntity } from "../registrations/entity";
import { RevisionEntity, RevisionHeadEntity, RevisionSnapshotEntity } from "../revisions/entity";
import { SiteSettingEntity } from "../settings/entity";
import { TrashEntity } from "../trash/entity";
import { GoogleDecisionEntity, TeamOwnersEntity } from "../team/entity";
import { UserEntity } from "../users/entity";
import { WebhookDeliveryEntity, WebhookEndpointEntity } from "../webhooks/entity";

/**
 * Every entity, all in the one table. A plain registry rather than an ElectroDB Service: we use no
 * collections (the one thing a Service adds over its entities' own client and table), and joining
 * eighteen entities into a Service cost every function about 19 ms of CPU at its cold start
 * (`npm run bench:lambda`).
 */
const entities = {
  pageSection: PageSectionEntity,
  service: ServiceEntity,
  industry: IndustryEntity,
  course: CourseEntity,
  serviceDetail: ServiceDetailEntity,
  blogPost: BlogPostEntity,
  blogSlug: BlogSlugEntity,
  blogSchedule: BlogScheduleEntity,
  previewKey: PreviewKeyEntity,
  contactSubmission: MessageEntity,
  courseRegistration: RegistrationEntity,
  siteSetting: SiteSettingEntity,
  user: UserEntity,
  adminAccount: AdminAccountEntity,
  session: SessionEntity,
  oidcTransaction: OidcTransactionEntity,
  invitation: InvitationEntity,
  pendingSignIn: PendingSignInEntity,
  securitySettings: SecuritySettingsEntity,
  rateLimit: RateLimitEntity,
  meta: MetaEntity,
  counter: CounterEntity,
  media: MediaEntity,
  mediaHash: MediaHashEntity,
  auditEntry: AuditEntryEntity,
  auditDay: AuditDayEntity,
  revision: RevisionEntity,
  revisionSnapshot: RevisionSnapshotEntity,
  revisionHead: RevisionHeadEntity,
  passkey: PasskeyEntity,
  webauthnChallenge: WebAuthnChallengeEntity,
  trashItem: TrashEntity,
  teamOwners: TeamOwnersEntity,
  googleDecision: GoogleDecisionEntity,
  newsletterSubscriber: NewsletterSubscriberEntity,
  webhookEndpoint: WebhookEndpointEntity,
  webhookDelivery: WebhookDeliveryEntity,
};

/** Where the registry's entities are bound now: set by each db() call, applied on each entity's access. */
let current = { client: undefined as unknown as ReturnType<typeof dynamo>["client"], table: "", target: "" };
const boundTo = new WeakMap<object, string>();

/**
 * The registry db() hands out: each entity is bound to the current client and table when it is
 * read, not all of them at once, so a request touches (and in Lambda builds: db/entity.ts) only the
 * entities it uses.
 */
const registry = {} as typeof entities;
for (const [name, entity] of Object.entries(entities)) {
  Object.defineProperty(registry, name, {
    enumerable: true,
    get() {
      if (boundTo.get(entity) !== current.target) {
        // lib-dynamodb's document client, as ElectroDB's documentation gives it (db/client.ts).
        entity.setClient(current.client);
        entity.setTableName(current.table);
        boundTo.set(entity, current.target);
      }
      return entity;
    },
  });
}

/** The entities, bound to the configured client and table (re-bound when either changes). */
export function db() {
  const { client, key } = dynamo();
  const table = config.tableName;
  current = { client, table, target: `${key}|${table}` };
  return registry;
}
