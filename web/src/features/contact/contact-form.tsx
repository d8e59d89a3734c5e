import { useId, useRef, useState, type FormEvent } from "react";
import { Loader2, Send } from "lucide-react";
import { inquiryTypeLabels, inquiryTypes, type InquiryType } from "@agency/core/contract/contact-values";
import { input } from "../../components/ui/classes";
import { FormField, FormStatus, Honeypot, submitErrorMessage, type FormStatusValue } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { useTypedBeforeHydration } from "../../lib/hydration";
import { formSchemas, preloadFormSchemas } from "../../lib/lazy-form-schemas";
import { useSendContact } from "./api";
import { inquiryTypeIcons } from "./inquiry-type-icons";

const SUCCESS = "Thank you! We'll get back to you within 24 hours.";

const tileTexts: Record<InquiryType, string> = {
  automation: "Automate workflows, agents and analytics",
  education: "Courses and team training",
  partnership: "Collaborate or resell with us",
  general: "Anything else on your mind",
};
const tiles = inquiryTypes.map((value) => ({ value, label: inquiryTypeLabels[value], text: tileTexts[value], icon: inquiryTypeIcons[value] }));

const empty = { name: "", email: "", company: "", message: "" };

export function ContactForm() {
  const idp = useId();
  const [values, setValues] = useState(empty);
  const [inquiryType, setInquiryType] = useState<InquiryType>("general");
  const [website, setWebsite] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatusValue | null>(null);
  const send = useSendContact();
  const form = useRef<HTMLFormElement>(null);
  // What was typed or picked on the rendered page before the app ran is what the form sends.
  useTypedBeforeHydration(form, (field) => {
    if (field.name === "inquiryType") {
      if ((field as HTMLInputElement).checked) setInquiryType(field.value as InquiryType);
    } else if (field.name === "website") setWebsite(field.value);
    else if (Object.hasOwn(empty, field.name)) setValues((v) => ({ ...v, [field.name]: field.value }));
  });

  const set = (key: keyof typeof empty) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  // SPEC §5: submit is disabled while a required field is empty or a send is in progress.
  const incomplete = !values.name.trim() || !values.email.trim() || !values.message.trim();
  const sending = send.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (incomplete || sending) return;
    setStatus(null);
    const body = { ...values, inquiryType, form_type: inquiryType, website };
    formSchemas().then(
      ({ contactInput, fieldErrors }) => {
        const parsed = contactInput.safeParse(body);
        if (!parsed.success) {
          const fields = fieldErrors(parsed.error);
          setErrors(fields);
          document.getElementById(`${idp}-${Object.keys(fields)[0]}`)?.focus();
          return;
        }
        submit(body);
      },
      (err: unknown) => setStatus({ kind: "error", message: submitErrorMessage(err) }),
    );
  };

  const submit = (body: Parameters<typeof send.mutate>[0]) =>
    send.mutate(body, {
      onSuccess: () => {
        setValues(empty);
        setInquiryType("general");
        setErrors({});
        setStatus({ kind: "success", message: SUCCESS });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        setStatus({ kind: "error", message: submitErrorMessage(err) });
      },
    });

  return (
    <form ref={form} onSubmit={onSubmit} onFocus={preloadFormSchemas} noValidate className="relative space-y-8" aria-labelledby={`${idp}-title`}>
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">What can we help you with?</legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {tiles.map((t) => {
            const checked = inquiryType === t.value;
            return (
              // eslint-disable-next-line jsx-a11y/label-has-associated-control -- its input and text ({t.label}, {t.text}) are inside it, deeper than the rule looks
              <label
                key={t.value}
                data-testid="inquiry-tile"
                className={`flex cursor-pointer items-start gap-3 rounded-2xl border-2 p-4 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-purple-600 ${
                  checked ? "border-purple-600 bg-purple-50" : "border-slate-200 bg-white hover:border-purple-300"
                }`}
              >
                <input type="radio" name="inquiryType" value={t.value} checked={checked} onChange={() => setInquiryType(t.value)} className="sr-only" />
                <span
                  className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl ${checked ? "bg-linear-to-br from-purple-600 to-blue-600 text-white" : "bg-slate-100 text-slate-700"}`}
                >
                  <t.icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{t.label}</span>
                  <span className="block text-sm text-slate-600">{t.text}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="space-y-5">
        <h2 id={`${idp}-title`} className="text-2xl font-bold text-slate-900">
          Send Us a Message
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id={`${idp}-name`} label="Full Name" required error={errors.name}>
            {(p) => <input {...p} name="name" type="text" autoComplete="name" value={values.name} onChange={set("name")} className={input} placeholder="Jane Smith" />}
          </FormField>
          <FormField id={`${idp}-email`} label="Email Address" required error={errors.email}>
            {(p) => <input {...p} name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} className={input} placeholder="jane@company.com" />}
          </FormField>
        </div>
        <FormField id={`${idp}-company`} label="Company" hint="Optional" error={errors.company}>
          {(p) => (
            <input {...p} name="company" type="text" autoComplete="organization" value={values.company} onChange={set("company")} className={input} placeholder="Your company" />
          )}
        </FormField>
        <FormField id={`${idp}-message`} label="Message" required error={errors.message}>
          {(p) => (
            <textarea
              {...p}
              name="message"
              rows={6}
              value={values.message}
              onChange={set("message")}
              className={input}
              placeholder="Tell us about your project, your goals or the course you are considering..."
            />
          )}
        </FormField>
        <Honeypot value={website} onChange={setWebsite} />

        <FormStatus status={status} testId="contact-status" />

        <button
          type="submit"
          disabled={incomplete || sending}
          className="inline-flex w-full items-center justify-center gap-2 rounded-xl bg-linear-to-r from-purple-600 to-blue-600 px-6 py-3.5 text-base font-semibold text-white shadow-lg shadow-purple-600/25 transition hover:from-purple-700 hover:to-blue-700 disabled:cursor-not-allowed disabled:from-slate-500 disabled:to-slate-500 disabled:shadow-none sm:w-auto"
        >
          {sending ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : <Send className="h-5 w-5" aria-hidden="true" />}
          {sending ? "Sending..." : "Send Message"}
        </button>
        <p className="text-sm text-slate-600">
          Fields marked{" "}
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      </div>
    </form>
  );
}
