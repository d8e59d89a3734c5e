import { useMemo, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Info, Save } from "lucide-react";
import { settingGroups } from "@agency/core/contract/settings";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { actionPrimary, panel } from "../../components/admin/classes";
import { useLeaveGuard } from "../../components/admin/leave-guard";
import { PageHeader } from "../../components/admin/page-header";
import { useHistoryLink } from "../../components/admin/history";
import { Tabs } from "../../components/admin/tabs";
import { useToast } from "../../components/admin/toasts";
import { useSaveShortcut } from "../../components/admin/use-save-shortcut";
import { Spinner } from "../../components/spinner";
import { counted } from "../../lib/format";
import { useSaveSetting, useSaveSettings, useSettings, type AdminSetting } from "../../features/settings/admin-api";
import { SettingField } from "../../features/settings/setting-field";
import { useSettingDrafts } from "../../features/settings/use-setting-drafts";
import { WebhooksPanel } from "../../features/webhooks/webhooks-panel";

const tabs = [
  { id: "site", label: "Site settings" },
  { id: "webhooks", label: "Webhooks" },
] as const;

/**
 * /admin/settings: the site settings in SPEC's five groups, saved one by one or all at once; and
 * the Webhooks tab (`?tab=webhooks`). Both need the `settings` permission (the owner and admins).
 */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "webhooks" ? "webhooks" : "site";
  const settings = useSettings();
  // An Activity row's link opens that setting's History.
  const linked = useHistoryLink();
  const saveOne = useSaveSetting();
  const saveAll = useSaveSettings();
  const toast = useToast();
  const showError = useApiErrorHandler();
  const drafts = useSettingDrafts(settings.data);
  const [savingKey, setSavingKey] = useState<string | null>(null);

  const byKey = useMemo(() => new Map((settings.data ?? []).map((s) => [s.key, s])), [settings.data]);
  const { valueOf, changed } = drafts;
  const leaveDialog = useLeaveGuard(changed.length > 0);

  function save(s: AdminSetting) {
    setSavingKey(s.key);
    const value = valueOf(s);
    saveOne.mutate(
      { key: s.key, value, version: s.version },
      {
        onSuccess: (saved) => {
          drafts.saved(saved, value);
          toast.success("Setting saved");
        },
        onError: (err) =>
          showError(err, {
            fallback: "Failed to save the setting",
            onReload: () => settings.refetch(),
            setFieldErrors: (f) => drafts.setErrors({ [s.key]: f.value ?? Object.values(f)[0] ?? "" }),
          }),
        onSettled: () => setSavingKey(null),
      },
    );
  }

  function saveChanged() {
    if (!changed.length || saveAll.isPending) return;
    const sent = changed.map((s) => ({ key: s.key, value: valueOf(s), version: s.version }));
    saveAll.mutate(sent, {
      onSuccess: (saved) => {
        for (const s of saved) drafts.saved(s, sent.find((x) => x.key === s.key)?.value ?? s.value);
        toast.success(`${changed.length} setting${changed.length === 1 ? "" : "s"} saved`);
      },
      onError: (err) => showError(err, { fallback: "Failed to save the settings", onReload: () => settings.refetch(), setFieldErrors: drafts.setErrors }),
    });
  }
  useSaveShortcut(saveChanged, changed.length > 0);

  if (settings.isPending) return <Spinner label="Loading settings" />;
  if (settings.isError) {
    return (
      <div>
        <PageHeader title="Settings" />
        <p role="alert" className="text-sm text-red-800">
          The settings could not be loaded. Reload the page to try again.
        </p>
      </div>
    );
  }

  return (
    <div>
      <PageHeader
        title="Settings"
        description={
          <span aria-live="polite" data-testid="unsaved-count">
            {changed.length > 0 ? `${counted(changed.length, "unsaved change")}` : "All changes saved"}
          </span>
        }
        actions={
          tab === "site" && (
            <button type="button" className={actionPrimary} disabled={!changed.length || saveAll.isPending} onClick={saveChanged}>
              <Save aria-hidden="true" className="h-4 w-4" />
              {saveAll.isPending ? "Saving..." : "Save All Changes"}
            </button>
          )
        }
      />

      <Tabs label="Settings" tabs={tabs} selected={tab} onSelect={(id) => setParams(id === "site" ? {} : { tab: id }, { replace: true })}>
        {tab === "webhooks" ? (
          <WebhooksPanel />
        ) : (
          <>
            <aside aria-label="How settings are saved" className="mb-6 flex gap-3 rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
              <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <ul className="list-disc space-y-1 pl-4">
                <li>Changes save individually with each setting's Save button.</li>
                <li>Save All Changes saves several settings at once.</li>
                <li>Settings with unsaved changes are highlighted.</li>
                <li>Empty values are allowed for optional settings such as social links.</li>
              </ul>
            </aside>

            <div className="space-y-6">
              {settingGroups.map((group) => {
                const items = group.keys.map((k) => byKey.get(k)).filter((s): s is AdminSetting => s !== undefined);
                if (!items.length) return null;
                return (
                  <section key={group.title} aria-labelledby={`group-${group.keys[0]}`} className={`${panel} p-5`}>
                    <h2 id={`group-${group.keys[0]}`} className="mb-4 text-lg font-semibold text-slate-900">
                      {group.title}
                    </h2>
                    <div className="grid gap-4 lg:grid-cols-2">
                      {items.map((s) => (
                        <SettingField
                          key={s.key}
                          setting={s}
                          value={valueOf(s)}
                          onChange={(v) => drafts.setDraft(s, v)}
                          error={drafts.errorOf(s.key)}
                          saving={savingKey === s.key || (saveAll.isPending && valueOf(s) !== s.value)}
                          onSave={() => save(s)}
                          onReset={() => drafts.forget([s.key])}
                          openHistory={s.key === linked}
                        />
                      ))}
                    </div>
                  </section>
                );
              })}
            </div>
          </>
        )}
      </Tabs>
      {leaveDialog}
    </div>
  );
}
