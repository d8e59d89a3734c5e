import * as z from "zod";
import { isActive, optionalText, optionalUrl, orderIndex } from "./common";

/** SPEC §3 icon names (lucide-react) with their defaults. */
export const serviceIcons = ["Workflow", "Bot", "TrendingUp", "Eye", "Brain", "Search"] as const;
export const industryIcons = [
  "ShoppingCart", "DollarSign", "Heart", "GraduationCap", "Factory", "Home",
  "Scale", "Truck", "Zap", "Coffee", "Film", "Wheat",
] as const;

// Admin content forms have no required, minimum or maximum checks (SPEC §5); the length caps here
// only keep one item far below DynamoDB's 400 KB item limit.
const iconName = z.string().trim().max(64).nullish().transform((v) => v ?? "");

export const serviceInput = z.object({
  title: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName,
  image_url: optionalUrl,
  order_index: orderIndex,
  is_active: isActive,
});
export type ServiceInput = z.input<typeof serviceInput>;

export const industryInput = z.object({
  name: optionalText(300),
  description: optionalText(5000),
  icon_name: iconName,
  order_index: orderIndex,
  is_active: isActive,
});
export type IndustryInput = z.input<typeof industryInput>;

export const courseLevels = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;
export const buttonTypes = ["contact", "register"] as const;
/** The eight gradient choices of the course editor; the first is the default (purple to blue). */
export const colorSchemes = [
  "from-purple-500 to-blue-500",
  "from-blue-500 to-cyan-500",
  "from-green-500 to-emerald-500",
  "from-orange-500 to-red-500",
  "from-pink-500 to-rose-500",
  "from-indigo-500 to-purple-500",
  "from-teal-500 to-green-500",
  "from-yellow-500 to-orange-500",
] as const;

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

export const serviceCategories = [
  "Automation & Workflow",
  "AI Agents & Chatbots",
  "Analytics & Forecasting",
  "Computer Vision",
  "Custom AI Solutions",
  "AI Consulting",
] as const;

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

/** "a | b|c" -> ["a", "b", "c"] */
export const splitBarList = (v: string | undefined | null) =>
  (v ?? "").split("|").map((s) => s.trim()).filter(Boolean);
