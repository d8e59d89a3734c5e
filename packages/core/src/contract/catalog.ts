import * as z from "zod";
import {
  buttonTypes, colorSchemes, defaultIndustryIcon, defaultServiceIcon, industryIcons, serviceCategories, serviceIcons,
} from "./catalog-values";
import { isActive, optionalText, optionalUrl, orderIndex } from "./common";

// Admin content forms have no required, minimum or maximum checks (SPEC §5); the length caps here
// only keep one item far below DynamoDB's 400 KB item limit.

/** One of SPEC §3's icon names for its kind; empty means the kind's default. */
const iconName = <T extends readonly [string, ...string[]]>(icons: T, fallback: T[number]) => {
  const message = `Choose one of ${icons.join(", ")}`;
  return z
    .string({ error: message })
    .trim()
    .nullish()
    .transform((v) => v || fallback)
    .pipe(z.enum(icons, { error: message }));
};

export const serviceInput = z.object({
  title: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName(serviceIcons, defaultServiceIcon),
  image_url: optionalUrl,
  order_index: orderIndex,
  is_active: isActive,
});
export type ServiceInput = z.input<typeof serviceInput>;

export const industryInput = z.object({
  name: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName(industryIcons, defaultIndustryIcon),
  order_index: orderIndex,
  is_active: isActive,
});
export type IndustryInput = z.input<typeof industryInput>;

export const courseInput = z
  .object({
    title: optionalText(300),
    description: optionalText(5000),
    course_type: optionalText(100),
    level: optionalText(50).transform((v) => v || "Beginner"),
    duration: optionalText(50).transform((v) => v || "8 weeks"),
    student_count: optionalText(50).transform((v) => v || "1k"),
    progress_percentage: z.coerce
      .number({ error: "Must be a number from 0 to 100" })
      .min(0, "Must be a number from 0 to 100")
      .max(100, "Must be a number from 0 to 100")
      .default(75),
    color_scheme: optionalText(100).transform((v) => v || colorSchemes[0]),
    icon: optionalText(32).transform((v) => v || "📚"),
    image_url: optionalUrl,
    button_type: z.enum(buttonTypes, { error: "Must be contact or register" }).default("contact"),
    external_url: optionalUrl,
    order_index: orderIndex,
    is_active: isActive,
  })
  .refine((c) => c.button_type !== "register" || c.external_url !== "", {
    path: ["external_url"],
    message: "External URL is required when the button type is register",
  });
export type CourseInput = z.input<typeof courseInput>;

export const serviceDetailInput = z.object({
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
export type ServiceDetailInput = z.input<typeof serviceDetailInput>;
