import { useQuery } from "@tanstack/react-query";
import { pageSectionsQuery } from "../content/api";

/** The policy pop-ups read GET /api/page-sections/policies once and pick their section by key. */
export const usePolicies = (enabled = true) => useQuery({ ...pageSectionsQuery("policies"), enabled });
