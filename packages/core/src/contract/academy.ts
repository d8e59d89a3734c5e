/**
 * The tech school's fixed choices (SPEC §3, §5): the learning paths shown on /tech-school, the
 * "Not sure" answer and the experience levels. The courses themselves come from Course Management (GET /api/courses); a
 * registration's course_interest names an active course, a learning path, "Not sure", or nothing.
 * Free of zod, so the public page can import it cheaply.
 */
export interface LearningPath {
  title: string;
  description: string;
  courses: string[];
  duration: string;
}

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

/** The experience levels a registration may give (or none). */
export const experienceLevels = ["Beginner", "Intermediate", "Advanced"] as const;

export const COURSE_INTEREST_MESSAGE = "Choose a course from the list";

/** A choice the registration dialog always offers: nothing, "Not sure" or a learning path. */
export const isFixedCourseChoice = (value: string) => value === "" || value === NOT_SURE || learningPaths.some((p) => p.title === value);
