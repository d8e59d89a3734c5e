import { useQuery } from "@tanstack/react-query";
import type { Industry, Service } from "@agency/core/catalog/catalog";
import { api } from "../../lib/api";

export const useServices = () =>
  useQuery({ queryKey: ["services"], queryFn: () => api.get<Service[]>("/api/services") });

export const useIndustries = () =>
  useQuery({ queryKey: ["industries"], queryFn: () => api.get<Industry[]>("/api/industries") });
