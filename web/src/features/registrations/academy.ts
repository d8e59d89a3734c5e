import { Bot, Brain, Briefcase, Camera, Code, LineChart, type LucideIcon } from "lucide-react";

/** Public course card (fixed in the page, SPEC §3). Featured courses last 4 to 12 weeks. */
export interface AcademyCourse {
  title: string;
  description: string;
  duration: string;
  level: string;
  students: string;
  rating: number;
  icon: LucideIcon;
  /** Tailwind gradient stops for the card header. */
  color: string;
  highlights: string[];
}

export interface LearningPath {
  title: string;
  description: string;
  courses: string[];
  duration: string;
}

export const featuredCourses: AcademyCourse[] = [
  {
    title: "Machine Learning Fundamentals",
    description: "Supervised and unsupervised learning with Python and scikit-learn, from clean data to a model you can defend.",
    duration: "8 weeks",
    level: "Beginner",
    students: "1,200+",
    rating: 4.8,
    icon: Brain,
    color: "from-purple-600 to-blue-600",
    highlights: ["Python & scikit-learn", "Model evaluation", "Churn-prediction capstone"],
  },
  {
    title: "AI Automation with Python",
    description: "Automate real business workflows with Python, APIs and large language models, with a reusable automation every week.",
    duration: "6 weeks",
    level: "Intermediate",
    students: "940+",
    rating: 4.9,
    icon: Code,
    color: "from-blue-600 to-cyan-600",
    highlights: ["APIs & webhooks", "Document parsing with LLMs", "Human approval steps"],
  },
  {
    title: "Data Science Bootcamp",
    description: "Statistics, SQL, pandas, visualization and predictive modeling, with weekly mentoring and a partner-company capstone.",
    duration: "12 weeks",
    level: "Beginner",
    students: "2,100+",
    rating: 4.8,
    icon: LineChart,
    color: "from-emerald-600 to-teal-600",
    highlights: ["SQL & pandas", "Visualization", "1:1 mentoring"],
  },
  {
    title: "Building AI Agents with LLMs",
    description: "Design agents that use tools, retrieve from your documents and know when to hand off to a person.",
    duration: "6 weeks",
    level: "Advanced",
    students: "680+",
    rating: 4.9,
    icon: Bot,
    color: "from-orange-600 to-red-600",
    highlights: ["Retrieval & tools", "Evaluation sets", "Guardrails & cost control"],
  },
  {
    title: "Computer Vision in Practice",
    description: "Train and deploy image classification, detection and OCR models with PyTorch, and ship one to an edge device.",
    duration: "10 weeks",
    level: "Advanced",
    students: "520+",
    rating: 4.7,
    icon: Camera,
    color: "from-pink-600 to-rose-600",
    highlights: ["PyTorch fine-tuning", "Data labeling", "Edge deployment"],
  },
  {
    title: "AI for Business Leaders",
    description: "How modern AI works, where it pays off and how to scope, budget and govern a project. No code required.",
    duration: "4 weeks",
    level: "All Levels",
    students: "1,500+",
    rating: 4.8,
    icon: Briefcase,
    color: "from-indigo-600 to-purple-600",
    highlights: ["AI strategy", "Project scoping", "Your team's AI roadmap"],
  },
];

export const learningPaths: LearningPath[] = [
  {
    title: "AI Engineer Path",
    description: "From Python basics to production machine learning systems and AI agents.",
    courses: ["Machine Learning Fundamentals", "AI Automation with Python", "Building AI Agents with LLMs"],
    duration: "6 months",
  },
  {
    title: "Data Scientist Path",
    description: "Turn data into decisions with statistics, visualization and predictive models.",
    courses: ["Data Science Bootcamp", "Machine Learning Fundamentals"],
    duration: "4 months",
  },
  {
    title: "Automation Specialist Path",
    description: "Automate the workflows that slow your team down, with a portfolio of working automations.",
    courses: ["AI Automation with Python", "AI for Business Leaders"],
    duration: "3 months",
  },
];

export const NOT_SURE = "Not sure";
