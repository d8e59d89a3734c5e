import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { GraduationCap, Loader2 } from "lucide-react";
import { input } from "../../components/ui/classes";
import { FormField, FormStatus, Honeypot, submitErrorMessage, type FormStatusValue } from "../../components/ui/form-field";
import { CloseButton, Modal } from "../../components/ui/modal";
import { ApiError } from "../../lib/api";
import { experienceLevels, learningPaths, NOT_SURE } from "@agency/core/contract/academy";
import { formSchemas, preloadFormSchemas } from "../../lib/lazy-form-schemas";
import { useCourses } from "../content/api";
import { useRegister } from "./api";

const SUCCESS = "Registration submitted successfully! We'll contact you soon.";
/** SPEC §9: the dialog closes 2 seconds after a successful registration. */
const CLOSE_AFTER_MS = 2000;

const empty = {
  name: "",
  email: "",
  phone: "",
  company: "",
  course_interest: "",
  experience_level: "",
  preferred_start_date: "",
  additional_notes: "",
};
type Values = typeof empty;

interface Props {
  open: boolean;
  onClose: () => void;
  /** A course or learning path title to preselect. */
  course?: string;
}

export function RegistrationDialog({ open, onClose, course = "" }: Props) {
  const titleId = useId();
  const idp = useId();
  const [values, setValues] = useState<Values>({ ...empty, course_interest: course });
  const [website, setWebsite] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const register = useRegister();
  // The active courses of Course Management, in order: the page's own query, so no second request.
  const courses = useCourses();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  // Each opening starts fresh, with the course the visitor clicked preselected (`reset` is the
  // mutation's own, the same function on every render: a change of the mutation's state runs nothing).
  const resetRegister = register.reset;
  useEffect(() => {
    if (!open) return;
    setValues({ ...empty, course_interest: course });
    setErrors({});
    setStatus(null);
    resetRegister();
  }, [open, course, resetRegister]);

  // The outcome sits at the top of the form, which the visitor has scrolled past to reach Submit:
  // bring it into view (below the sticky header), and give a success the focus, so it is seen and
  // read out rather than an emptied form.
  useEffect(() => {
    if (!status) return;
    if (status.kind === "success") statusRef.current?.focus({ preventScroll: true });
    statusRef.current?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [status]);

  useEffect(() => {
    if (status?.kind !== "success") return;
    const t = setTimeout(onClose, CLOSE_AFTER_MS);
    return () => clearTimeout(t);
  }, [status, onClose]);

  const set = (key: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    formSchemas().then(
      ({ registrationInput, fieldErrors }) => {
        const parsed = registrationInput.safeParse(values);
        if (!parsed.success) {
          const fields = fieldErrors(parsed.error);
          setErrors(fields);
          formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${idp}-${Object.keys(fields)[0]}`)}`)?.focus();
          return;
        }
        submit({ ...parsed.data, website });
      },
      (err: unknown) => setStatus({ kind: "error", message: submitErrorMessage(err) }),
    );
  };

  const submit = (body: Parameters<typeof register.mutate>[0]) =>
    register.mutate(body, {
      onSuccess: () => {
        setValues(empty);
        setErrors({});
        setStatus({ kind: "success", message: SUCCESS });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        // The course was deactivated since the list loaded: offer the current list.
        if (err instanceof ApiError && err.fields?.course_interest) void courses.refetch();
        setStatus({ kind: "error", message: submitErrorMessage(err) });
      },
    });

  const fid = (name: keyof Values) => `${idp}-${name}`;
  const submitting = register.isPending;

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} width="max-w-2xl">
      <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-200 bg-white/95 px-6 py-5 backdrop-blur sm:px-8">
        <div className="flex items-center gap-3">
          <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-linear-to-br from-purple-600 to-blue-600 text-white">
            <GraduationCap className="h-6 w-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id={titleId} className="text-xl font-bold text-slate-900 sm:text-2xl">
              Course Registration
            </h2>
            <p className="text-sm text-slate-600">Tell us a little about yourself and an advisor will be in touch.</p>
          </div>
        </div>
        <CloseButton onClick={onClose} />
      </div>

      <form
        ref={formRef}
        onSubmit={onSubmit}
        onFocus={preloadFormSchemas}
        noValidate
        className="relative space-y-5 px-6 py-6 sm:px-8"
        aria-describedby={status ? `${idp}-status` : undefined}
      >
        <FormStatus id={`${idp}-status`} status={status} testId="registration-status" statusRef={statusRef} />

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={fid("name")} label="Full Name" required error={errors.name}>
            {(p) => <input {...p} data-autofocus type="text" autoComplete="name" value={values.name} onChange={set("name")} className={input} />}
          </FormField>
          <FormField id={fid("email")} label="Email Address" required error={errors.email}>
            {(p) => <input {...p} type="email" autoComplete="email" value={values.email} onChange={set("email")} className={input} />}
          </FormField>
          <FormField id={fid("phone")} label="Phone Number" error={errors.phone}>
            {(p) => <input {...p} type="tel" autoComplete="tel" value={values.phone} onChange={set("phone")} className={input} />}
          </FormField>
          <FormField id={fid("company")} label="Company" error={errors.company}>
            {(p) => <input {...p} type="text" autoComplete="organization" value={values.company} onChange={set("company")} className={input} />}
          </FormField>
          <FormField id={fid("course_interest")} label="Course of Interest" error={errors.course_interest}>
            {(p) => (
              <select {...p} value={values.course_interest} onChange={set("course_interest")} className={input}>
                <option value="">Select a course</option>
                <optgroup label="Featured Courses">
                  {(courses.data ?? []).map((c) => (
                    <option key={c.id} value={c.title}>
                      {c.title}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Learning Paths">
                  {learningPaths.map((l) => (
                    <option key={l.title} value={l.title}>
                      {l.title}
                    </option>
                  ))}
                </optgroup>
                <option value={NOT_SURE}>{NOT_SURE}</option>
              </select>
            )}
          </FormField>
          <FormField id={fid("experience_level")} label="Experience Level" error={errors.experience_level}>
            {(p) => (
              <select {...p} value={values.experience_level} onChange={set("experience_level")} className={input}>
                <option value="">Select your level</option>
                {experienceLevels.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={fid("preferred_start_date")} label="Preferred Start Date" error={errors.preferred_start_date}>
            {(p) => <input {...p} type="date" value={values.preferred_start_date} onChange={set("preferred_start_date")} className={input} />}
          </FormField>
        </div>
        <FormField id={fid("additional_notes")} label="Additional Notes" error={errors.additional_notes}>
          {(p) => (
            <textarea
              {...p}
              rows={3}
              value={values.additional_notes}
              onChange={set("additional_notes")}
              className={input}
              placeholder="Your goals, questions or scheduling needs"
            />
          )}
        </FormField>
        <Honeypot value={website} onChange={setWebsite} />

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className="rounded-xl border border-slate-300 px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50">
            Cancel
          </button>
          <button
            type="submit"
            disabled={submitting}
            className="inline-flex items-center justify-center gap-2 rounded-xl bg-linear-to-r from-purple-600 to-blue-600 px-6 py-3 font-semibold text-white hover:from-purple-700 hover:to-blue-700 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {submitting && <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />}
            {submitting ? "Submitting..." : "Submit Registration"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
