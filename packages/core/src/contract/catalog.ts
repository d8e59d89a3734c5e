import * as z from "./zod";
import { buttonTypes, colorSchemes, courseLinkProblem, defaultIndustryIcon, defaultServiceIcon, industryIcons, serviceCategories, serviceIcons } from "./catalog-values";
import { altText, isActive, optionalImageUrl, optionalText, optionalUrl, orderIndex, updateOf } from "./common";

// Admin content forms have no required, minimum or maximum checks (SPEC §5); the length caps here
// only keep one item far below DynamoDB's 400 KB item limit.

/** One of SPEC §3's icon names for its kind; empty means the kind's default. */
const iconName = <T extends readonly [string, ...string[]]>(icons: T, fallback: T[number]) => {
  const message = `Choose one of ${icons.join(", ")}`;
  return z.pipe(
    z.pipe(
      z.nullish(z.string({ error: message }).check(z.trim())),
      z.transform((v: string | null | undefined) => v || fallback),
    ),
    z.enum(icons, { error: message }),
  );
};

// Each catalogue: its fields (as a create takes them, SPEC's defaults for what is left out), the
// create schema (POST) and the update schema (PUT: only the fields sent, plus `version`).
const serviceFields = () => ({
  title: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName(serviceIcons, defaultServiceIcon),
  image_url: optionalImageUrl,
  image_alt: altText,
  order_index: orderIndex,
  is_active: isActive,
});
export const serviceInput = z.lazy(() => z.object(serviceFields()));
export const serviceUpdate = z.lazy(() => updateOf(serviceFields()));

const industryFields = () => ({
  name: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName(industryIcons, defaultIndustryIcon),
  order_index: orderIndex,
  is_active: isActive,
});
export const industryInput = z.lazy(() => z.object(industryFields()));
export const industryUpdate = z.lazy(() => updateOf(industryFields()));

/** A text field whose empty value becomes `fallback`. */
const orElse = (text: ReturnType<typeof optionalText>, fallback: string) =>
  z.pipe(
    text,
    z.transform((v: string) => v || fallback),
  );

export const COLOR_SCHEME_MESSAGE = "Choose one of the eight colour schemes";

const courseFields = () => ({
  title: optionalText(300),
  description: optionalText(5000),
  course_type: optionalText(100),
  /** SPEC's four levels are what the editor offers; other stored values stay valid (shown with a fourth style). */
  level: orElse(optionalText(50), "Beginner"),
  duration: orElse(optionalText(50), "8 weeks"),
  student_count: orElse(optionalText(50), "1k"),
  progress_percentage: z._default(
    z.coerce.number({ error: "Must be a number from 0 to 100" }).check(z.gte(0, "Must be a number from 0 to 100"), z.lte(100, "Must be a number from 0 to 100")),
    75,
  ),
  /** One of the eight gradients; empty means the default (purple to blue). */
  color_scheme: z.pipe(
    z.pipe(
      z.nullish(z.string({ error: COLOR_SCHEME_MESSAGE }).check(z.trim())),
      z.transform((v: string | null | undefined) => v || colorSchemes[0]),
    ),
    z.enum(colorSchemes, { error: COLOR_SCHEME_MESSAGE }),
  ),
  icon: orElse(optionalText(32), "📚"),
  image_url: optionalImageUrl,
  image_alt: altText,
  button_type: z._default(z.enum(buttonTypes, { error: "Must be contact or register" }), "contact"),
  external_url: optionalUrl,
  /** The card's bullet points on /tech-school, separated by a vertical bar (the editor: one per line). */
  highlights: optionalText(2000),
  /** The card's star rating; 0 shows none. */
  rating: z._default(z.coerce.number({ error: "Must be a number from 0 to 5" }).check(z.gte(0, "Must be a number from 0 to 5"), z.lte(5, "Must be a number from 0 to 5")), 0),
  order_index: orderIndex,
  is_active: isActive,
});

export const courseInput = z.lazy(() =>
  z.object(courseFields()).check(
    z.superRefine((c, ctx) => {
      const problem = courseLinkProblem(c);
      if (problem) ctx.addIssue({ code: "custom", path: ["external_url"], message: problem });
    }),
  ),
);
export const courseUpdate = z.lazy(() => updateOf(courseFields()));

const serviceDetailFields = () => ({
  service_category: z.enum(serviceCategories, { error: "Choose one of the six service categories" }),
  title: optionalText(300),
  short_description: optionalText(2000),
  detailed_description: optionalText(10000),
  /** Lists separated by a vertical bar. */
  key_features: optionalText(5000),
  benefits: optionalText(5000),
  use_cases: optionalText(5000),
  pricing_info: optionalText(500),
  implementation_time: optionalText(200),
  order_index: orderIndex,
  is_active: isActive,
});
export const serviceDetailInput = z.lazy(() => z.object(serviceDetailFields()));
export const serviceDetailUpdate = z.lazy(() => updateOf(serviceDetailFields()));

// What the API answers for each catalogue: the item as stored (catalog/entities.ts; a type test,
// contract/stored-types.test.ts, fails to compile if the two part). A field the entity gives a
// default may still be missing from an item saved before it existed.

/** A service card (GET /api/services, the back office's list). */
export interface Service {
  id: string;
  title?: string;
  description?: string;
  icon_name?: string;
  image_url?: string;
  image_alt?: string;
  order_index: number;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** An industry card (GET /api/industries). */
export interface Industry {
  id: string;
  name?: string;
  description?: string;
  icon_name?: string;
  order_index: number;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A course card (GET /api/courses). */
export interface Course {
  id: string;
  title?: string;
  description?: string;
  course_type?: string;
  level?: string;
  duration?: string;
  student_count?: string;
  progress_percentage?: number;
  color_scheme?: string;
  icon?: string;
  image_url?: string;
  image_alt?: string;
  button_type?: (typeof buttonTypes)[number];
  external_url?: string;
  /** The card's bullet points on /tech-school, separated by a vertical bar. */
  highlights?: string;
  /** The card's star rating, 0 to 5; 0 shows none. */
  rating?: number;
  order_index: number;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A service's detail (GET /api/service-details): the /services page's modal. */
export interface ServiceDetail {
  id: string;
  service_category: string;
  title?: string;
  short_description?: string;
  detailed_description?: string;
  key_features?: string;
  benefits?: string;
  use_cases?: string;
  pricing_info?: string;
  implementation_time?: string;
  order_index: number;
  is_active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}
