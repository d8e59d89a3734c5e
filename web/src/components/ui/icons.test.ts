import { Bot, Factory, Truck, Workflow } from "lucide-react";
import { describe, expect, it } from "vitest";
import { industryIcon, serviceIcon } from "./icons";

describe("icon lookup", () => {
  it("finds SPEC's names for their kind", () => {
    expect(serviceIcon("Workflow")).toBe(Workflow);
    expect(industryIcon("Truck")).toBe(Truck);
  });
  it("gives any other stored name, prototype names included, the default of its kind", () => {
    for (const name of ["constructor", "__proto__", "toString", "valueOf", "Truck", "", null, undefined]) expect(serviceIcon(name)).toBe(Bot);
    for (const name of ["constructor", "__proto__", "hasOwnProperty", "Workflow", null]) expect(industryIcon(name)).toBe(Factory);
  });
});
