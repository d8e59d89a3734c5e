import type { Stat } from "./stat-list";

/** The agency's figures that more than one page states in the same words (About, Services). */
export const projectsDelivered: Stat = { end: 500, suffix: "+", label: "Projects delivered" };
export const clientSatisfaction: Stat = { end: 95, suffix: "%", label: "Client satisfaction" };
