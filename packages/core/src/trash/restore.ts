import type { BlogPost } from "../blog/blog";
import { BlogEditor } from "../blog/editor";
import { Courses, Industries, ServiceDetails, Services } from "../catalog/catalog";
import type { TrashEntity } from "../contract/trash";
import { HttpError } from "../errors";
import { deleteObject, keptExportKey } from "../media/storage";
import { Media, type MediaRecord } from "../media/media";
import { Messages, type Message } from "../messages/messages";
import { Newsletter, type Subscriber } from "../newsletter/newsletter";
import { Registrations, type Registration } from "../registrations/registrations";

/**
 * What a restore from the Trash writes back, by kind: each feature's own domain code, which puts
 * the record under its id, counts it again and claims what it held (a post's slug, an image's file).
 */
type Restore = (record: never) => Promise<unknown>;
export const restorers: Record<TrashEntity, Restore> = {
  "blog-posts": (r: BlogPost) => BlogEditor.restore(r),
  services: Services.restore,
  industries: Industries.restore,
  courses: Courses.restore,
  "service-details": ServiceDetails.restore,
  media: (r: MediaRecord) => Media.restore(r),
  "contact-submissions": (r: Message) => Messages.restore(r),
  "course-registrations": (r: Registration) => Registrations.restore(r),
  "newsletter-subscribers": (r: Subscriber) => Newsletter.restore(r),
  // The content an import replaced comes back by importing it (its Download link), never record by record.
  "site-export": () => Promise.reject(new HttpError(400, "A site export is not restored here: download it and import it to put the site back as it was")),
};

/** What a purge deletes beside the Trash's item: an image's file. */
export const purgers: Partial<Record<TrashEntity, (entity_id: string) => Promise<unknown>>> = {
  media: (id) => Media.purge(id),
  "site-export": (id) => deleteObject(keptExportKey(id)),
};
