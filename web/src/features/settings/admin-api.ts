import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SettingType } from "@agency/core/contract/settings";
import { api } from "../../lib/api";

const BASE = "/api/admin/site-settings";

/** A site setting as GET /api/admin/site-settings returns it. */
export interface AdminSetting {
  id: string;
  key: string;
  value: string;
  description: string;
  type: SettingType;
  position: number;
  updated_at: string;
  /** The version this value was read at: a save sends it back, a stale one is a 409 (contract/versioned.ts). */
  version: number;
}

export const settingsKey = ["admin", "site-settings"] as const;

export const useSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => api.get<AdminSetting[]>(BASE) });

/** Puts what the server stored into the cached list, so the screen shows it as saved. */
function useStore() {
  const queryClient = useQueryClient();
  return (saved: AdminSetting[]) =>
    queryClient.setQueryData<AdminSetting[]>(settingsKey, (list) => {
      const byKey = new Map(saved.map((s) => [s.key, s]));
      return list?.map((s) => byKey.get(s.key) ?? s);
    });
}

/** One setting: PUT /api/admin/site-settings/{key} {value}. */
export function useSaveSetting() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ key, value, version }: { key: string; value: string; version: number }) => api.put<AdminSetting>(`${BASE}/${encodeURIComponent(key)}`, { value, version }),
    onSuccess: (saved) => store([saved]),
  });
}

/** Save All: one call, all or nothing (a refused value writes none; the 400 names it by key). */
export function useSaveSettings() {
  const store = useStore();
  return useMutation({
    mutationFn: (settings: { key: string; value: string; version: number }[]) => api.put<AdminSetting[]>(BASE, { settings }),
    onSuccess: (saved) => store(saved),
  });
}
