import { Entity } from "../db/entity";
import { idAttribute, timestamps } from "../db/attributes";
import { versionAttribute } from "../db/versions";

/**
 * The curated catalogues: services, industries, courses and service details. Each is a short list
 * an editor maintains (tens of items), so one partition per catalogue holds it.
 *
 * Access patterns (each entity):
 *   byId      Get     one item by id                 pk: id
 *   all       Query   every item of the catalogue    gsi1: constant partition, sorted by id;
 *                                                    the domain orders by order_index (ties by age)
 *
 * `version` makes every save conditional on the version the editor read (db/versions.ts).
 */
const listIndexes = {
  byId: { pk: { field: "pk", composite: ["id"] }, sk: { field: "sk", composite: [] } },
  all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["id"] } },
} as const;

const ordered = {
  order_index: { type: "number", required: true, default: 0 },
  is_active: { type: "boolean", required: true, default: true },
  version: versionAttribute,
  ...timestamps,
} as const;

export const ServiceEntity = new Entity({
  model: { entity: "service", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    title: { type: "string", default: "" },
    description: { type: "string", default: "" },
    icon_name: { type: "string", default: "" },
    image_url: { type: "string", default: "" },
    image_alt: { type: "string", default: "" },
    ...ordered,
  },
  indexes: listIndexes,
});

export const IndustryEntity = new Entity({
  model: { entity: "industry", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    name: { type: "string", default: "" },
    description: { type: "string", default: "" },
    icon_name: { type: "string", default: "" },
    ...ordered,
  },
  indexes: listIndexes,
});

export const CourseEntity = new Entity({
  model: { entity: "course", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    title: { type: "string", default: "" },
    description: { type: "string", default: "" },
    course_type: { type: "string", default: "" },
    level: { type: "string", default: "Beginner" },
    duration: { type: "string", default: "8 weeks" },
    student_count: { type: "string", default: "1k" },
    progress_percentage: { type: "number", default: 75 },
    color_scheme: { type: "string", default: "" },
    icon: { type: "string", default: "📚" },
    image_url: { type: "string", default: "" },
    image_alt: { type: "string", default: "" },
    button_type: { type: ["contact", "register"] as const, default: "contact" },
    external_url: { type: "string", default: "" },
    /** The card's bullet points on /tech-school, separated by a vertical bar. */
    highlights: { type: "string", default: "" },
    /** The card's star rating, 0 to 5; 0 shows none. */
    rating: { type: "number", default: 0 },
    ...ordered,
  },
  indexes: listIndexes,
});

export const ServiceDetailEntity = new Entity({
  model: { entity: "serviceDetail", version: "1", service: "agency" },
  attributes: {
    id: idAttribute,
    service_category: { type: "string", required: true },
    title: { type: "string", default: "" },
    short_description: { type: "string", default: "" },
    detailed_description: { type: "string", default: "" },
    key_features: { type: "string", default: "" },
    benefits: { type: "string", default: "" },
    use_cases: { type: "string", default: "" },
    pricing_info: { type: "string", default: "" },
    implementation_time: { type: "string", default: "" },
    ...ordered,
  },
  indexes: listIndexes,
});
