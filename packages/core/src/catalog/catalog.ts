import type { EntityItem } from "electrodb";
import type * as z from "../contract/zod";
import type { courseInput, courseUpdate, industryInput, industryUpdate, serviceDetailInput, serviceDetailUpdate, serviceInput, serviceUpdate } from "../contract/catalog";
import { courseLinkProblem } from "../contract/catalog-values";
import { Counters, tally, type CounterKey } from "../counters/counters";
import { byOrderIndex } from "../db/attributes";
import { db } from "../db/service";
import { isConditionalFailure } from "../db/errors";
import { ConflictError, HttpError, NotFoundError } from "../errors";
import { atVersion, saveAtVersion, sentFields, withVersion } from "../db/versions";
import { keepOriginal } from "../revisions/original";
import type { RevisionEntity } from "../contract/revisions";
import type { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "./entities";

type Base = { id: string; order_index: number; is_active: boolean; created_at: string; version: number };

/**
 * The domain functions every curated catalogue shares: list in order, list the active ones, get,
 * create, update and delete. One implementation, four catalogues. A catalogue with `counted` moves
 * its counters (courses: total, active) by the difference each write made; `check` refuses an
 * update whose result (the stored item with the sent fields over it) breaks a cross-field rule.
 */
/** Each catalogue's name in history (contract/revisions.ts). */
const history: Record<"service" | "industry" | "course" | "serviceDetail", RevisionEntity> = {
  service: "services",
  industry: "industries",
  course: "courses",
  serviceDetail: "service-details",
};

function catalog<Item extends Base, Input, Update extends { version: number }>(
  name: "service" | "industry" | "course" | "serviceDetail",
  label: string,
  options: { counted?: (item: Item) => CounterKey[]; check?: (merged: Item) => Record<string, string> | undefined } = {},
) {
  const { counted, check } = options;
  // ElectroDB's generics do not survive being chosen by name; the Item type parameter restores them.
  type VersionWhere = ReturnType<typeof atVersion>;
  const entity = () =>
    db()[name] as unknown as {
      query: { all: (k: object) => { go: (o: object) => Promise<{ data: Item[] }> } };
      get: (k: { id: string }) => { go: () => Promise<{ data: Item | null }> };
      create: (i: object) => { go: () => Promise<{ data: Item }> };
      patch: (k: { id: string }) => {
        set: (i: object) => { where: (w: VersionWhere) => { go: (o: object) => Promise<{ data: Item }> } };
      };
      remove: (k: { id: string }) => { go: (o: object) => Promise<{ data: Item | null }> };
    };
  const notFound = () => new NotFoundError(`${label} not found`);

  const api = {
    /** Every item, by order_index ascending (ties: oldest first). One Query. */
    async list(): Promise<Item[]> {
      const { data } = await entity().query.all({}).go({ pages: "all" });
      return data.map(withVersion).sort(byOrderIndex);
    },
    async listActive(): Promise<Item[]> {
      return (await api.list()).filter((i) => i.is_active);
    },
    async get(id: string): Promise<Item> {
      const { data } = await entity().get({ id }).go();
      if (!data) throw notFound();
      return withVersion(data);
    },
    /** Creates an item; with `id`, under that id (a deleted item restored from its history; 409 if it exists). */
    async create(input: Input, id?: string): Promise<Item> {
      let data: Item;
      try {
        ({ data } = await entity()
          .create({ ...(input as object), ...(id ? { id } : {}) })
          .go());
      } catch (err) {
        if (id && isConditionalFailure(err)) throw new ConflictError(`${label} already exists`);
        throw err;
      }
      if (counted) await Counters.change(counted, undefined, data);
      return data;
    },
    /**
     * Saves the fields sent at the version read (db/versions.ts): a field left out keeps its
     * stored value. Answers the stored item with its new version.
     */
    async update(id: string, { version, ...sent }: Update): Promise<Item> {
      const changes = sentFields(sent);
      const { before, saved } = await saveAtVersion({
        read: version,
        get: () =>
          entity()
            .get({ id })
            .go()
            .then((r) => r.data),
        notFound,
        write: async (current, next) => {
          const problems = check?.({ ...current, ...changes } as Item);
          if (problems) throw new HttpError(400, "Validation failed", { fields: problems });
          const { data } = await entity()
            .patch({ id })
            .set({ ...changes, version: next })
            .where(atVersion(current.version))
            .go({ response: "all_new" });
          return data;
        },
      });
      await keepOriginal(history[name], id, before);
      // The version condition makes `before` exactly the item this write replaced.
      if (counted) await Counters.change(counted, before, saved);
      return saved;
    },
    /** Puts a deleted item back as it was stored, under its id (the Trash); counted again; 409 when the id is taken. */
    restore: (record: Item): Promise<Item> => api.create(record as unknown as Input, record.id),
    /** Deletes the item and uncounts it; answers the item as it was (for what it changed publicly). */
    async remove(id: string): Promise<Item> {
      const removed = await Counters.removed(counted ?? (() => []), () => entity().remove({ id }).go({ response: "all_old" }), notFound);
      if (!removed) throw notFound();
      return removed;
    },
  };
  return api;
}

export type Service = EntityItem<typeof ServiceEntity>;
export type Industry = EntityItem<typeof IndustryEntity>;
export type Course = EntityItem<typeof CourseEntity>;
export type ServiceDetail = EntityItem<typeof ServiceDetailEntity>;

type Out<S extends z.ZodMiniType> = z.output<S>;
export const Services = catalog<Service, Out<typeof serviceInput>, Out<typeof serviceUpdate>>("service", "Service");
export const Industries = catalog<Industry, Out<typeof industryInput>, Out<typeof industryUpdate>>("industry", "Industry");
export const Courses = catalog<Course, Out<typeof courseInput>, Out<typeof courseUpdate>>("course", "Course", {
  counted: tally.course,
  check: (merged) => {
    const problem = courseLinkProblem(merged);
    return problem ? { external_url: problem } : undefined;
  },
});
export const ServiceDetails = catalog<ServiceDetail, Out<typeof serviceDetailInput>, Out<typeof serviceDetailUpdate>>("serviceDetail", "Service detail");
