const labels: Record<string, string> = {
  automation: "Automation",
  "ai-trends": "AI Trends",
  "case-studies": "Case Studies",
  "student-projects": "Student Projects",
  "learning-guides": "Learning Guides",
  "tech-school": "Tech School",
  "industry-news": "Industry News",
  tutorials: "Tutorials",
};

/** "case-studies" -> "Case Studies"; unknown slugs are title-cased. */
export const categoryLabel = (slug: string | null | undefined) =>
  !slug ? "General" : labels[slug] ?? slug.split("-").map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w)).join(" ");

/** Card art per category, so posts without a featured image still look deliberate. */
export const categoryGradient = (slug: string | null | undefined) =>
  ({
    automation: "from-purple-700 to-blue-700",
    "ai-trends": "from-indigo-700 to-purple-700",
    "case-studies": "from-blue-700 to-cyan-700",
    "student-projects": "from-emerald-700 to-teal-700",
    "learning-guides": "from-orange-600 to-rose-700",
    "tech-school": "from-pink-700 to-purple-700",
  })[slug ?? ""] ?? "from-slate-700 to-slate-900";
