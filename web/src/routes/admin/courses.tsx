import "../../lib/zod-jitless";
import { useId } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { Check, GraduationCap } from "lucide-react";
import { type Course, courseInput } from "@agency/core/contract/catalog";
import type * as z from "@agency/core/contract/zod";
import { buttonTypes, colorSchemes, courseLevels, courseLinkProblem } from "@agency/core/contract/catalog-values";
import { fieldErrors } from "@agency/core/contract/common";
import { fieldControl } from "../../components/admin/classes";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/admin/form-fields";
import { PageHeader } from "../../components/admin/page-header";
import { fieldBinder, type FieldValues, type RecordEditor } from "../../components/admin/use-record-editor";
import { FormField } from "../../components/ui/form-field";
import { coursesApi } from "../../features/catalog/admin-api";
import { barInItem, toBarList, toLines } from "../../features/catalog/bar-list";
import { CatalogManager } from "../../features/catalog/catalog-manager";
import { ImageUrlField } from "../../features/media/image-url-field";

/** The course editor's values: what the controls show (numbers as typed; the server coerces them). */
type CourseValues = FieldValues<z.output<typeof courseInput>>;

const labels: Record<keyof CourseValues, string> = {
  title: "Title",
  description: "Description",
  course_type: "Course Type",
  level: "Level",
  duration: "Duration",
  student_count: "Student Count",
  progress_percentage: "Progress",
  color_scheme: "Colour scheme",
  icon: "Icon",
  image_url: "Image URL",
  image_alt: "Image Alt Text",
  button_type: "Button Type",
  external_url: "External URL",
  highlights: "Highlights",
  rating: "Rating",
  order_index: "Order Index",
  is_active: "Active",
};

/** The delivery formats the academy runs (the seed's course types); a stored other value stays selectable. */
const courseTypes = ["Online · Live cohort", "Online · Self-paced with live Q&A", "Hybrid · New York & online"] as const;

const buttonTypeLabels: Record<(typeof buttonTypes)[number], string> = {
  contact: "Contact (opens the registration dialog)",
  register: "Register (external link)",
};

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "from-purple-500 to-blue-500" -> "Purple to Blue". */
const schemeName = (scheme: string) => {
  const m = /from-([a-z]+)-\d+ to-([a-z]+)-\d+/.exec(scheme);
  return m ? `${capital(m[1]!)} to ${capital(m[2]!)}` : scheme;
};
/** A stored scheme outside the eight (or none) is drawn, and saved, as the default. */
const schemeOf = (scheme: string | null | undefined) => ((colorSchemes as readonly string[]).includes(scheme ?? "") ? scheme! : colorSchemes[0]);

/** The fixed choices, plus the stored value when it is none of them (shown as it is, so saving keeps it). */
const choices = (fixed: readonly string[], current: string) => [
  ...(fixed.includes(current) ? [] : [{ value: current, label: current || "Not set" }]),
  ...fixed.map((v) => ({ value: v, label: v })),
];

/** SPEC §3 defaults for a new course; order_index is the current count (SPEC §5). */
function toValues(course: Course | undefined, count: number): CourseValues {
  return {
    title: course?.title ?? "",
    description: course?.description ?? "",
    course_type: course ? (course.course_type ?? "") : courseTypes[0],
    level: course?.level ?? "Beginner",
    duration: course ? (course.duration ?? "") : "8 weeks",
    student_count: course ? (course.student_count ?? "") : "1k",
    progress_percentage: String(course?.progress_percentage ?? 75),
    color_scheme: schemeOf(course?.color_scheme),
    icon: course ? (course.icon ?? "") : "📚",
    image_url: course?.image_url ?? "",
    image_alt: course?.image_alt ?? "",
    button_type: course?.button_type ?? "contact",
    external_url: course?.external_url ?? "",
    highlights: toLines(course?.highlights),
    rating: String(course?.rating ?? 0),
    order_index: String(course?.order_index ?? count),
    is_active: course?.is_active ?? true,
  };
}

/** The server's rules (courseInput), checked before the call; the link rule named on its own field. */
function validate(values: CourseValues): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  const parsed = courseInput.safeParse(toPayload(values));
  if (!parsed.success) Object.assign(problems, fieldErrors(parsed.error));
  // z.coerce reads "" as 0: an emptied Progress is a mistake, not a zero.
  if (!values.progress_percentage.trim()) problems.progress_percentage = "Must be a number from 0 to 100";
  const highlights = barInItem(values.highlights);
  if (highlights) problems.highlights = highlights;
  const link = courseLinkProblem({ button_type: values.button_type, external_url: values.external_url.trim() });
  if (link) problems.external_url = link;
  return Object.keys(problems).length ? problems : undefined;
}

/** The highlights' lines go out in their stored form. */
function toPayload(fields: Partial<CourseValues>): Record<string, unknown> {
  return typeof fields.highlights === "string" ? { ...fields, highlights: toBarList(fields.highlights) } : { ...fields };
}

/** Gradient swatch with the course's icon, as the public card draws its header. */
function CourseSwatch({ scheme, icon }: { scheme: string; icon: string }) {
  return (
    <span aria-hidden="true" className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-purple-600 bg-gradient-to-r text-xl ${schemeOf(scheme)}`}>
      {icon || "📚"}
    </span>
  );
}

const columns: ColumnDef<Course>[] = [
  {
    id: "course",
    header: "Course",
    meta: { className: "min-w-[16rem]" },
    cell: ({ row: { original: c } }) => (
      <span className="flex items-center gap-3">
        <CourseSwatch scheme={c.color_scheme ?? ""} icon={c.icon ?? ""} />
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{c.title || "Untitled course"}</span>
          <span className="block text-xs text-slate-600">
            {c.level || "Beginner"} · {c.duration || "8 weeks"}
          </span>
        </span>
      </span>
    ),
  },
  {
    id: "type",
    header: "Type",
    meta: { className: "hidden md:table-cell" },
    cell: ({ row }) => row.original.course_type,
  },
];

/** The eight gradients as a radio group: each swatch named by its colours ("Purple to Blue"). */
function ColorSchemeField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <p id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-800">
        {labels.color_scheme}
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {colorSchemes.map((scheme) => {
          const checked = value === scheme;
          return (
            <label key={scheme} data-scheme={scheme} className="group cursor-pointer">
              <input type="radio" name={`${id}-scheme`} value={scheme} checked={checked} onChange={() => onChange(scheme)} className="peer sr-only" />
              <span
                aria-hidden="true"
                className={`flex h-10 items-center justify-center rounded-lg bg-gradient-to-r ${scheme} ring-offset-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-purple-600 peer-checked:ring-2 peer-checked:ring-slate-900`}
              >
                {checked && <Check className="h-5 w-5 text-white drop-shadow" />}
              </span>
              <span className="mt-1 block text-center text-xs text-slate-700 group-hover:text-slate-900">{schemeName(scheme)}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A number input with bounds, wired like TextField (the same FormField: label, aria-invalid, error);
 * TextField has no min/max. The value stays the text typed: the server coerces it.
 */
function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  min,
  max,
  step,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  min?: number;
  max?: number;
  step?: number;
}) {
  const id = useId();
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(field) => (
        <input
          {...field}
          type="number"
          inputMode={step !== undefined && step < 1 ? "decimal" : "numeric"}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className={fieldControl}
        />
      )}
    </FormField>
  );
}

function CourseForm({ editor }: { editor: RecordEditor<Course, CourseValues> }) {
  const { values, set, errors } = editor;
  const text = fieldBinder(editor, labels);
  const register = values.button_type === "register";
  return (
    <>
      <TextField {...text("title")} />
      <TextAreaField {...text("description")} rows={4} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...text("course_type")} options={choices(courseTypes, values.course_type)} />
        <SelectField {...text("level")} options={choices(courseLevels, values.level)} />
        <TextField {...text("duration")} hint="e.g. 8 weeks" />
        <TextField {...text("student_count")} hint="e.g. 1k" />
        <NumberField {...text("progress_percentage")} min={0} max={100} hint="0 to 100" />
        <TextField {...text("icon")} hint="An emoji, e.g. 📚" />
      </div>
      <TextAreaField {...text("highlights")} rows={3} hint="One per line: the bullet points of the course's card on the Tech School page" />
      <NumberField {...text("rating")} min={0} max={5} step={0.1} hint="0 to 5, shown with a star on the Tech School card; 0 shows none" />
      <ColorSchemeField value={values.color_scheme} onChange={(v) => set("color_scheme", v)} error={errors.color_scheme} />
      <ImageUrlField {...text("image_url")} alt={{ value: values.image_alt, onChange: (v) => set("image_alt", v), error: errors.image_alt }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...text("button_type")} options={buttonTypes.map((t) => ({ value: t, label: buttonTypeLabels[t] }))} />
        <NumberField {...text("order_index")} step={1} />
      </div>
      <TextField {...text("external_url")} type="url" required={register} hint={register ? "Where Register Now links to" : "Used when the button type is register"} />
      <CheckboxField label={labels.is_active} checked={values.is_active} onChange={(v) => set("is_active", v)} />
    </>
  );
}

/**
 * /admin/courses: the academy's courses, list plus editor. The active ones, in order, are the Tech
 * School page's cards and the registration dialog's choices; the home page shows the first six.
 */
export default function CoursesPage() {
  return (
    <CatalogManager<Course, CourseValues>
      api={coursesApi}
      heading="Courses"
      noun="course"
      addLabel="Add Course"
      createTitle="Create New Course"
      editTitle="Edit Course"
      deleteMessage="Are you sure you want to delete this course?"
      emptyIcon={GraduationCap}
      columns={columns}
      toValues={toValues}
      labels={labels}
      validate={validate}
      toPayload={toPayload}
      width="max-w-3xl"
      header={(add) => <PageHeader title="Course Management" actions={add} />}
      form={(editor) => <CourseForm editor={editor} />}
    />
  );
}
