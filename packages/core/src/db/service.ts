import { config } from "../config";
import { dynamo } from "./client";
import { AuditDayEntity, AuditEntryEntity } from "../audit/entity";
import { AdminAccountEntity, OidcTransactionEntity, PendingSignInEntity, SecuritySettingsEntity, SessionEntity } from "../auth/entities";
import { BlogPostEntity, BlogSlugEntity } from "../blog/entities";
import { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "../catalog/entities";
import { MessageEntity } from "../messages/entity";
import { CounterEntity } from "../counters/entity";
import { MetaEntity } from "../meta/entity";
import { MediaEntity, MediaHashEntity } from "../media/entity";
import { PageSectionEntity } from "../page-sections/entity";
import { RateLimitEntity } from "../rate-limit/entity";
import { RegistrationEntity } from "../registrations/entity";
import { SiteSettingEntity } from "../settings/entity";
import { UserEntity } from "../users/entity";

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
  contactSubmission: MessageEntity,
  courseRegistration: RegistrationEntity,
  siteSetting: SiteSettingEntity,
  user: UserEntity,
  adminAccount: AdminAccountEntity,
  session: SessionEntity,
  oidcTransaction: OidcTransactionEntity,
  pendingSignIn: PendingSignInEntity,
  securitySettings: SecuritySettingsEntity,
  rateLimit: RateLimitEntity,
  meta: MetaEntity,
  counter: CounterEntity,
  media: MediaEntity,
  mediaHash: MediaHashEntity,
  auditEntry: AuditEntryEntity,
  auditDay: AuditDayEntity,
};

let boundTo = "";

/** The entities, bound to the configured client and table (re-bound when either changes). */
export function db() {
  const { client, key } = dynamo();
  const target = `${key}|${config.tableName}`;
  if (boundTo !== target) {
    for (const entity of Object.values(entities)) {
      entity.setClient(client);
      entity.setTableName(config.tableName);
    }
    boundTo = target;
  }
  return entities;
}
