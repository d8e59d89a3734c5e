import type { BlogCategory } from "@agency/core/contract/blog-values";

/** Card art per category, so posts without a featured image still look deliberate. */
const gradients: Partial<Record<BlogCategory, string>> = {
  automation: "from-purple-700 to-blue-700",
  "ai-trends": "from-indigo-700 to-purple-700",
  "case-studies": "from-blue-700 to-cyan-700",
  "student-projects": "from-emerald-700 to-teal-700",
  "learning-guides": "from-orange-600 to-rose-700",
  "tech-school": "from-pink-700 to-purple-700",
  "industry-news": "from-sky-700 to-indigo-700",
  tutorials: "from-amber-700 to-orange-800",
};

// A stored category is data: own keys only, so "constructor" or "__proto__" find nothing.
export const categoryGradient = (slug: string | null | undefined) =>
  (slug && Object.hasOwn(gradients, slug) ? gradients[slug as BlogCategory] : undefined) ?? "from-slate-700 to-slate-900";
