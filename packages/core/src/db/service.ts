import { Service } from "electrodb";
import { config } from "../config";
import { dynamo } from "./client";
import { AuditDayEntity, AuditEntryEntity } from "../audit/entity";
import { AdminAccountEntity, OidcTransactionEntity, SessionEntity } from "../auth/entities";
import { BlogPostEntity, BlogSlugEntity } from "../blog/entities";
import { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "../catalog/entities";
import { ContactSubmissionEntity } from "../contact/entity";
import { CounterEntity } from "../counters/entity";
import { MetaEntity } from "../meta/entity";
import { MediaEntity, MediaHashEntity } from "../media/entity";
import { PageSectionEntity } from "../page-sections/entity";
import { RateLimitEntity } from "../rate-limit/entity";
import { CourseRegistrationEntity } from "../registrations/entity";
import { SiteSettingEntity } from "../settings/entity";
import { UserEntity } from "../users/entity";

/** The one ElectroDB Service: every entity lives in the one table. */
const service = new Service({
  pageSection: PageSectionEntity,
  service: ServiceEntity,
  industry: IndustryEntity,
  course: CourseEntity,
  serviceDetail: ServiceDetailEntity,
  blogPost: BlogPostEntity,
  blogSlug: BlogSlugEntity,
  contactSubmission: ContactSubmissionEntity,
  courseRegistration: CourseRegistrationEntity,
  siteSetting: SiteSettingEntity,
  user: UserEntity,
  adminAccount: AdminAccountEntity,
  session: SessionEntity,
  oidcTransaction: OidcTransactionEntity,
  rateLimit: RateLimitEntity,
  meta: MetaEntity,
  counter: CounterEntity,
  media: MediaEntity,
  mediaHash: MediaHashEntity,
  auditEntry: AuditEntryEntity,
  auditDay: AuditDayEntity,
});

let boundTo = "";

/** The entities, bound to the configured client and table (re-bound when either changes). */
export function db() {
  const { client, key } = dynamo();
  const target = `${key}|${config.tableName}`;
  if (boundTo !== target) {
    service.setClient(client);
    service.setTableName(config.tableName);
    boundTo = target;
  }
  return service.entities;
}
