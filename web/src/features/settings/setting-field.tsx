import { RotateCcw } from "lucide-react";
import { settingLabel } from "@agency/core/contract/settings";
import { actionOutline, actionPrimary, iconAction } from "../../components/admin/classes";
import { TextAreaField, TextField } from "../../components/admin/form-fields";
import { HistoryButton } from "../../components/admin/history";
import { ImageUrlField } from "../media/image-url-field";
import type { AdminSetting } from "./admin-api";

interface SettingFieldProps {
  setting: AdminSetting;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  saving: boolean;
  onSave: () => void;
  onReset: () => void;
  /** Opens with its History shown (an Activity row's link). */
  openHistory?: boolean;
}

/**
 * One site setting: label from its key, its description as the hint, the input its type asks for
 * (textarea 3 rows, url, email, text). Unsaved values are highlighted. Save ('Save', 'Saved' when
 * unchanged, 'Saving' in flight) and 'Reset to original value' (SPEC §2 Settings page), and its
 * History (a restore replaces any unsaved value: the settings reload with the restored one).
 */
export function SettingField({ setting, value, onChange, error, saving, onSave, onReset, openHistory = false }: SettingFieldProps) {
  const dirty = value !== setting.value;
  const common = { label: settingLabel(setting.key), value, onChange, error, hint: setting.description || undefined, name: setting.key };
  return (
    <div
      data-testid="setting"
      data-key={setting.key}
      data-dirty={dirty || undefined}
      className={`rounded-lg border p-4 transition ${dirty ? "border-amber-400 bg-amber-50" : "border-slate-200 bg-white"}`}
    >
      {setting.type === "image" ? (
        // The default social image: picked from, or uploaded to, the media library.
        <ImageUrlField label={common.label} value={value} onChange={onChange} error={error} name={setting.key} />
      ) : setting.type === "textarea" ? (
        <TextAreaField {...common} rows={3} />
      ) : (
        <TextField {...common} type={setting.type === "url" ? "url" : setting.type === "email" ? "email" : "text"} />
      )}
      <div className="mt-3 flex items-center justify-end gap-2">
        <HistoryButton entity="site-settings" id={setting.key} name={common.label} current={setting} initiallyOpen={openHistory} onRestored={onReset} />
        <button type="button" className={iconAction} aria-label="Reset to original value" title="Reset to original value" disabled={!dirty || saving} onClick={onReset}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
        </button>
        <button
          type="button"
          className={dirty ? actionPrimary : actionOutline}
          disabled={!dirty || saving}
          onClick={onSave}
          aria-label={saving ? `Saving ${common.label}` : dirty ? `Save ${common.label}` : `${common.label} saved`}
        >
          {saving ? "Saving" : dirty ? "Save" : "Saved"}
        </button>
      </div>
    </div>
  );
}
