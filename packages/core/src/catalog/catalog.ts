import type { EntityItem } from "electrodb";
import type { z } from "zod";
import { courseInput, industryInput, serviceDetailInput, serviceInput } from "../contract/catalog";
import { Counters, tally, type CounterKey } from "../counters/counters";
import { byOrderIndex } from "../db/attributes";
import { isConditionalFailure } from "../db/errors";
import { db } from "../db/service";
import { NotFoundError } from "../errors";
import type { CourseEntity, IndustryEntity, ServiceDetailEntity, ServiceEntity } from "./entities";

type Base = { id: string; order_index: number; is_active: boolean; created_at: string };

/**
 * The domain functions every curated catalogue shares: list in order, list the active ones, get,
 * create, update and delete. One implementation, four catalogues. A catalogue with `counted` moves
 * its counters (courses: total, active) by the difference each write made.
 */
function catalog<Item extends Base, Input>(
  name: "service" | "industry" | "course" | "serviceDetail",
  label: string,
  counted?: (item: Item) => CounterKey[],
) {
  // ElectroDB's generics do not survive being chosen by name; the Item type parameter restores them.
  const entity = () => db()[name] as unknown as {
    query: { all: (k: object) => { go: (o: object) => Promise<{ data: Item[] }> } };
    get: (k: { id: string }) => { go: () => Promise<{ data: Item | null }> };
    create: (i: object) => { go: () => Promise<{ data: Item }> };
    patch: (k: { id: string }) => { set: (i: object) => { go: (o: object) => Promise<{ data: Item }> } };
    remove: (k: { id: string }) => { go: (o: object) => Promise<{ data: Item | null }> };
  };
  const notFound = () => new NotFoundError(`${label} not found`);

  const api = {
    /** Every item, by order_index ascending (ties: oldest first). One Query. */
    async list(): Promise<Item[]> {
      const { data } = await entity().query.all({}).go({ pages: "all" });
      return data.sort(byOrderIndex);
    },
    async listActive(): Promise<Item[]> {
      return (await api.list()).filter((i) => i.is_active);
    },
    async get(id: string): Promise<Item> {
      const { data } = await entity().get({ id }).go();
      if (!data) throw notFound();
      return data;
    },
    async create(input: Input): Promise<Item> {
      const { data } = await entity().create(input as object).go();
      if (counted) await Counters.change(counted, undefined, data);
      return data;
    },
    async update(id: string, input: Input): Promise<Item> {
      try {
        if (!counted) return (await entity().patch({ id }).set(input as object).go({ response: "all_new" })).data;
        // The item this write replaced, atomically, so the counters move by exactly what it changed.
        const { data: before } = await entity().patch({ id }).set(input as object).go({ response: "all_old" });
        await Counters.change(counted, before, { ...before, ...input });
      } catch (err) {
        if (isConditionalFailure(err)) throw notFound();
        throw err;
      }
      return api.get(id);
    },
    async remove(id: string): Promise<void> {
      await Counters.removed(counted ?? (() => []), () => entity().remove({ id }).go({ response: "all_old" }), notFound);
    },
  };
  return api;
}

export type Service = EntityItem<typeof ServiceEntity>;
export type Industry = EntityItem<typeof IndustryEntity>;
export type Course = EntityItem<typeof CourseEntity>;
export type ServiceDetail = EntityItem<typeof ServiceDetailEntity>;

export const Services = catalog<Service, z.output<typeof serviceInput>>("service", "Service");
export const Industries = catalog<Industry, z.output<typeof industryInput>>("industry", "Industry");
export const Courses = catalog<Course, z.output<typeof courseInput>>("course", "Course", tally.course);
export const ServiceDetails = catalog<ServiceDetail, z.output<typeof serviceDetailInput>>("serviceDetail", "Service detail");
