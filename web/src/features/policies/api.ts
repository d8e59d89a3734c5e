import { useQuery } from "@tanstack/react-query";
import type { PolicyKey } from "@agency/core/contract/page-sections";
import { pageSectionsQuery } from "../content/api";

/** The policy pop-ups read GET /api/page-sections/policies once and pick their section by key. */
export const usePolicies = (enabled = true) => useQuery({ ...pageSectionsQuery("policies"), enabled });

/** The three policies (SPEC §2 footer buttons and Policy Management), in footer order. */
export const policyList: { key: PolicyKey; label: string }[] = [
  { key: "privacy_policy", label: "Privacy Policy" },
  { key: "terms_of_service", label: "Terms of Service" },
  { key: "cookie_policy", label: "Cookie Policy" },
];
