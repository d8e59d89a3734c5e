import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { useStableCallback } from "../../lib/use-stable-callback";
import { useApiErrorHandler } from "./api-errors";
import { useToast } from "./toasts";
import { draftKey, useUnsavedDraft, type UnsavedDraft } from "./use-unsaved-draft";

/** A form's values: field name -> what the control shows (text, number, flag). */
export type FormValues = Record<string, string | number | boolean>;

/**
 * An editor's values for the fields of a contract schema (`z.output` of it): a flag stays a flag,
 * everything else is the text its control shows (numbers as typed: the server coerces them).
 */
export type FieldValues<T> = { [K in keyof T]-?: NonNullable<T[K]> extends boolean ? boolean : string };

/** One field the admin had changed when a stale save was refused, kept for copying (UnsavedCopy). */
export interface KeptEdit {
  field: string;
  label: string;
  value: string;
}

export interface RecordEditorOptions<R, V extends FormValues> {
  /** The record being edited (it holds the `version` a save sends back), or undefined to create one. */
  record: R | undefined;
  /** The form's values for a record, or for a new one (SPEC's defaults) when `record` is undefined. */
  toValues: (record: R | undefined) => V;
  /** Labels of the fields, for the copies kept after a conflict. */
  labels: Record<keyof V & string, string>;
  /**
   * Saves: on create every value, on edit only the `changes` (a field left out keeps its stored
   * value) with `record.version`. Answers the stored record.
   */
  save: (args: { values: V; changes: Partial<V>; record: R | undefined }) => Promise<R>;
  /** Reads the record again after a 409 (the latest version); undefined when it was deleted. */
  reload?: (record: R) => Promise<R | undefined>;
  /** The form's own checks before a call (the same zod schema as the API): field -> message. */
  validate?: (values: V, changes: Partial<V>) => Record<string, string> | undefined;
  /**
   * Toast after a save (SPEC's alerts where it has them); left out, the screen shows `status`
   * itself (fields that save on blur). `fallback` is the failure text when the server gave none.
   */
  success?: (saved: R, created: boolean) => string;
  fallback: (created: boolean) => string;
  onSaved?: (saved: R, created: boolean) => void;
  /**
   * Keep unsaved text in this browser as it is typed (use-unsaved-draft.ts), under this scope and
   * the record's `id` ("new" while creating); reopening offers it back. A restored draft saves with
   * the version it was typed against, so a change made meanwhile is a 409, never overwritten.
   */
  draft?: string;
}

/** A record's own `id` and `version`, where it has them (the items whose text is kept as drafts do). */
function identity(record: unknown): { id?: string; version?: number } {
  if (!record || typeof record !== "object") return {};
  const id = Object.hasOwn(record, "id") ? (record as { id: unknown }).id : undefined;
  const version = Object.hasOwn(record, "version") ? (record as { version: unknown }).version : undefined;
  return { ...(typeof id === "string" ? { id } : {}), ...(typeof version === "number" ? { version } : {}) };
}

/**
 * The state of one admin editor (a modal or a page's form): the values on screen against the record
 * they came from, what changed, field errors, the save, and a stale save's conflict. Every editor of
 * the back office runs on it, so they all save, fail and recover the same way:
 *
 * - a save sends only the changed fields with the version read (contract/versioned.ts);
 * - a 400's fields go under the fields; a 409 naming a field (a taken slug) too;
 * - a stale 409 sets `stale`: the screen shows STALE_ITEM_MESSAGE with Reload (ConflictNotice);
 *   Reload loads the latest record into the form and keeps what the admin had typed in `kept`, to
 *   copy back (UnsavedCopy). Nothing typed is lost, and nothing overwrites the other change blindly.
 */
export function useRecordEditor<R, V extends FormValues>(options: RecordEditorOptions<R, V>) {
  const { record, toValues } = options;
  // State renders; the refs are what a save reads, so a save chained right after another (a blur
  // during a blur's save) sends the version the first one stored, not the one of the last render.
  const [base, setBaseState] = useState<R | undefined>(record);
  const [values, setValuesState] = useState<V>(() => toValues(record));
  const baseRef = useRef(base);
  const valuesRef = useRef(values);
  const setBase = (next: R | undefined) => {
    baseRef.current = next;
    setBaseState(next);
  };
  const setValues = (next: V) => {
    valuesRef.current = next;
    setValuesState(next);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [kept, setKept] = useState<KeptEdit[]>([]);
  // The last save's outcome, for screens that show it beside the record rather than as a toast.
  const [status, setStatus] = useState<"idle" | "saved" | "failed">("idle");
  const toast = useToast();
  const showError = useApiErrorHandler();

  const changesOf = (current: V, of: R | undefined) => {
    const original = toValues(of);
    return Object.fromEntries(Object.entries(current).filter(([k, v]) => !Object.is(original[k], v))) as Partial<V>;
  };
  const changes = changesOf(values, base);
  const dirty = Object.keys(changes).length > 0;

  const draftScope = options.draft;
  const keyOf = (of: R | undefined) => (draftScope ? draftKey(draftScope, identity(of).id) : undefined);
  const unsaved = useUnsavedDraft({ key: keyOf(base), version: identity(base).version, changes, dirty });
  // A kept draft that is exactly what is stored (its save landed, its removal did not) is no offer.
  const offered = unsaved.offered && isStaleOffer(unsaved.offered, base) ? undefined : unsaved.offered;
  function isStaleOffer(d: UnsavedDraft, of: R | undefined) {
    const stored = toValues(of) as FormValues;
    return d.version === identity(of).version && Object.entries(d.changes).every(([k, v]) => Object.hasOwn(stored, k) && Object.is(stored[k], v));
  }

  useEffect(() => {
    if (unsaved.offered && !offered) unsaved.clear();
  }, [unsaved, offered]);

  /** Puts the kept text back into the form, against the version it was typed on. */
  const restoreDraft = useStableCallback(() => {
    const d = offered;
    if (!d) return;
    const current = baseRef.current;
    const fresh = toValues(current) as FormValues;
    const restored = Object.fromEntries(Object.entries(d.changes).filter(([k, v]) => Object.hasOwn(fresh, k) && typeof v === typeof fresh[k])) as Partial<V>;
    // Saved with the version it was typed against: if the item changed since, the save is the
    // usual stale 409 (ConflictNotice, Reload, the typed text kept to copy), never an overwrite.
    if (current && d.version !== undefined && d.version !== identity(current).version) setBase({ ...current, version: d.version });
    setValues({ ...(fresh as V), ...restored });
    setErrors({});
    unsaved.settle();
  });
  const discardDraft = useStableCallback(() => unsaved.clear());

  const set = useStableCallback((field: keyof V & string, value: V[keyof V]) => {
    setValues({ ...valuesRef.current, [field]: value });
    setErrors((e) => {
      if (!Object.hasOwn(e, field)) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
  });

  /** Shows `next` as the saved state (another record opened, or the latest after a conflict). */
  const load = useStableCallback((next: R | undefined) => {
    setBase(next);
    setValues(toValues(next));
    setErrors({});
    setStale(false);
  });

  const inFlight = useRef(false);
  const again = useRef(false);
  /** Saves the form; `overrides` are values set in the same event (a checkbox that saves at once). */
  const submit: (overrides?: Partial<V>) => Promise<R | undefined> = useStableCallback(async (overrides?: Partial<V>) => {
    if (overrides) setValues({ ...valuesRef.current, ...overrides });
    if (inFlight.current) {
      again.current = true;
      return undefined;
    }
    const before = baseRef.current;
    const created = before === undefined;
    const current = valuesRef.current;
    const sent = changesOf(current, before);
    const problems = options.validate?.(current, sent);
    if (problems && Object.keys(problems).length) {
      setErrors(problems);
      return undefined;
    }
    if (!created && !Object.keys(sent).length) {
      // Back to the stored values by hand: nothing to save, and nothing wrong any more.
      setErrors({});
      setStatus((st) => (st === "failed" ? "saved" : st));
      return before;
    }
    inFlight.current = true;
    setSaving(true);
    // A stale save is not retried on its own: the admin decides after Reload.
    let conflict = false;
    try {
      const saved = await options.save({ values: current, changes: sent, record: before });
      // What was typed while the save was in flight stays on screen, still unsaved.
      const fresh = { ...toValues(saved) } as Record<string, unknown>;
      for (const [k, typed] of Object.entries(valuesRef.current)) if (!Object.is(typed, current[k])) fresh[k] = typed;
      setBase(saved);
      setValues(fresh as V);
      setErrors({});
      setStale(false);
      setKept([]);
      setStatus("saved");
      // Saved: the kept text of the item (or of the new one it was) is done with.
      unsaved.clear(keyOf(before));
      if (options.success) toast.success(options.success(saved, created));
      options.onSaved?.(saved, created);
      return saved;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && !(err.fields && Object.keys(err.fields).length)) {
        console.error(`${options.fallback(created)}:`, err);
        conflict = true;
        setStale(true);
      } else {
        showError(err, { fallback: options.fallback(created), setFieldErrors: setErrors });
      }
      setStatus("failed");
      return undefined;
    } finally {
      inFlight.current = false;
      setSaving(false);
      const rerun = again.current && !conflict;
      again.current = false;
      if (rerun) void submit();
    }
  });

  /** After a conflict: the latest record into the form, the admin's changed values kept to copy. */
  const reloadLatest = useStableCallback(async () => {
    const current = baseRef.current;
    if (!current || !options.reload) return;
    setReloading(true);
    try {
      const latest = await options.reload(current);
      const labels = options.labels as Record<string, string>;
      setKept(
        Object.entries(changesOf(valuesRef.current, current))
          .filter(([, v]) => typeof v === "string" && v !== "")
          .map(([field, v]) => ({ field, label: labels[field] ?? field, value: String(v) })),
      );
      if (latest) load(latest);
      else {
        setStale(false);
        toast.error("This item was deleted by someone else.");
      }
    } catch (err) {
      showError(err, { fallback: "Failed to reload the latest version" });
    } finally {
      setReloading(false);
    }
  });

  return {
    record: base,
    values,
    set,
    errors,
    setErrors,
    changes,
    dirty,
    saving,
    status,
    submit,
    load,
    stale,
    reloading,
    reloadLatest,
    kept,
    dismissKept: () => setKept([]),
    /** Unsaved text an earlier visit left in this browser (the `draft` option), until restored or discarded. */
    draft: offered,
    restoreDraft,
    discardDraft,
  };
}

export type RecordEditor<R, V extends FormValues> = ReturnType<typeof useRecordEditor<R, V>>;

/**
 * The props that bind a text control (TextField, TextAreaField, SelectField, NumberField) to one
 * field of `editor`: the field's label from `labels`, its value as text, its change and its error.
 */
export const fieldBinder =
  <R, V extends FormValues>({ values, set, errors }: RecordEditor<R, V>, labels: Record<keyof V & string, string>) =>
  (field: keyof V & string) => ({
    label: labels[field],
    value: String(values[field]),
    onChange: (v: string) => set(field, v as V[keyof V]),
    error: errors[field],
  });
