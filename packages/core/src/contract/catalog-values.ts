/** Plain values of the curated catalogues, free of zod so pages can use them cheaply. */
/** SPEC §3 icon names (lucide-react), the only ones stored, with their defaults. */
export const serviceIcons = ["Workflow", "Bot", "TrendingUp", "Eye", "Brain", "Search"] as const;
export type ServiceIconName = (typeof serviceIcons)[number];
export const defaultServiceIcon: ServiceIconName = "Bot";

export const industryIcons = ["ShoppingCart", "DollarSign", "Heart", "GraduationCap", "Factory", "Home", "Scale", "Truck", "Zap", "Coffee", "Film", "Wheat"] as const;
export type IndustryIconName = (typeof industryIcons)[number];
export const defaultIndustryIcon: IndustryIconName = "Factory";

export const courseLevels = ["Beginner", "Intermediate", "Advanced", "Expert"] as const;

export const buttonTypes = ["contact", "register"] as const;

export const EXTERNAL_URL_REQUIRED = "External URL is required when the button type is register";
/**
 * SPEC §5: a register button links out, so it needs its URL. Checked on the course as it will be
 * stored: a create's fields, or on update the stored course with the sent fields over it.
 */
export const courseLinkProblem = (c: { button_type?: string; external_url?: string }) => (c.button_type === "register" && !c.external_url ? EXTERNAL_URL_REQUIRED : undefined);

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

export const serviceCategories = ["Automation & Workflow", "AI Agents & Chatbots", "Analytics & Forecasting", "Computer Vision", "Custom AI Solutions", "AI Consulting"] as const;

/** "a | b|c" -> ["a", "b", "c"] */
export const splitBarList = (v: string | undefined | null) =>
  (v ?? "")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);
