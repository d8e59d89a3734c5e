import { useState } from "react";
import type { AdminSetting } from "./admin-api";

/**
 * The values typed into settings and not yet saved, and each setting's error, on the Settings page.
 * A setting without a draft shows its stored value; a draft equal to the stored value is no draft.
 */
export function useSettingDrafts(settings: readonly AdminSetting[] | undefined) {
  const [drafts, setDrafts] = useState<ReadonlyMap<string, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());

  const without = <V>(map: ReadonlyMap<string, V>, keys: readonly string[]) => {
    if (!keys.some((k) => map.has(k))) return map;
    const next = new Map(map);
    for (const k of keys) next.delete(k);
    return next;
  };

  const valueOf = (s: AdminSetting) => drafts.get(s.key) ?? s.value;
  const changed = (settings ?? []).filter((s) => valueOf(s) !== s.value);

  return {
    valueOf,
    changed,
    errorOf: (key: string) => errors.get(key),
    /** The admin typed: the draft changes and the setting's error goes. */
    setDraft: (s: AdminSetting, value: string) => {
      setDrafts((d) => (value === s.value ? without(d, [s.key]) : new Map(d).set(s.key, value)));
      setErrors((e) => without(e, [s.key]));
    },
    /** Saved or reset: the stored value shows again. */
    forget: (keys: readonly string[]) => setDrafts((d) => without(d, keys)),
    /** `sent` was saved: its draft goes, unless the admin typed on while it saved. */
    saved: (saved: AdminSetting, sent: string) => {
      setDrafts((d) => (d.get(saved.key) === sent ? without(d, [saved.key]) : d));
      setErrors((e) => without(e, [saved.key]));
    },
    /** A refused save: its message by each key it names. */
    setErrors: (fields: Record<string, string>) => setErrors(new Map(Object.entries(fields))),
  };
}
