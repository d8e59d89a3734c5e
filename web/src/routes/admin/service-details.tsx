import "../../lib/zod-jitless";
import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { ListChecks } from "lucide-react";
import { type ServiceDetail, serviceDetailInput } from "@agency/core/contract/catalog";
import type * as z from "@agency/core/contract/zod";
import { serviceCategories } from "@agency/core/contract/catalog-values";
import { fieldErrors } from "@agency/core/contract/common";
import { Badge } from "../../components/admin/badge";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/admin/form-fields";
import { PageHeader } from "../../components/admin/page-header";
import { fieldBinder, type FieldValues, type RecordEditor } from "../../components/admin/use-record-editor";
import { serviceDetailsApi, useCatalog } from "../../features/catalog/admin-api";
import { barInItem, toBarList, toLines } from "../../features/catalog/bar-list";
import { CatalogManager } from "../../features/catalog/catalog-manager";

/**
 * The editor's values. The three lists are stored `|`-separated (SPEC §3) and edited one item per
 * line; `toPayload` turns the lines back into the stored form.
 */
type DetailValues = FieldValues<z.output<typeof serviceDetailInput>>;

const labels: Record<keyof DetailValues, string> = {
  service_category: "Service Category",
  title: "Title",
  short_description: "Short Description",
  detailed_description: "Detailed Description",
  key_features: "Key Features",
  benefits: "Benefits",
  use_cases: "Use Cases",
  pricing_info: "Pricing Info",
  implementation_time: "Implementation Time",
  order_index: "Order Index",
  is_active: "Active",
};

const listFields = ["key_features", "benefits", "use_cases"] as const;

function validate(values: DetailValues): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  const parsed = serviceDetailInput.safeParse(toPayload(values));
  if (!parsed.success) Object.assign(problems, fieldErrors(parsed.error));
  for (const field of listFields) {
    const problem = barInItem(values[field]);
    if (problem) problems[field] = problem;
  }
  return Object.keys(problems).length ? problems : undefined;
}

function toPayload(fields: Partial<DetailValues>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const field of listFields) if (typeof fields[field] === "string") out[field] = toBarList(fields[field]);
  return out;
}

const categoryOptions = (current: string) => [
  ...((serviceCategories as readonly string[]).includes(current) ? [] : [{ value: current, label: current || "Choose a category" }]),
  ...serviceCategories.map((c) => ({ value: c, label: c })),
];

const columns: ColumnDef<ServiceDetail>[] = [
  {
    id: "detail",
    header: "Service detail",
    meta: { className: "min-w-[16rem] max-w-md" },
    cell: ({ row: { original: d } }) => (
      <span className="block min-w-0">
        <span className="block font-semibold text-slate-900">{d.title || "Untitled service detail"}</span>
        <span className="line-clamp-2 text-xs text-slate-600">{d.short_description}</span>
      </span>
    ),
  },
  {
    id: "category",
    header: "Category",
    meta: { className: "hidden md:table-cell" },
    cell: ({ row }) => <Badge tone="purple">{row.original.service_category}</Badge>,
  },
];

function DetailForm({ editor }: { editor: RecordEditor<ServiceDetail, DetailValues> }) {
  const { values, set } = editor;
  const text = fieldBinder(editor, labels);
  return (
    <>
      <SelectField
        {...text("service_category")}
        required
        options={categoryOptions(values.service_category)}
        hint="The services page's Learn More opens its category's first active detail (lowest Order Index)"
      />
      <TextField {...text("title")} />
      <TextAreaField {...text("short_description")} rows={2} />
      <TextAreaField {...text("detailed_description")} rows={5} />
      {listFields.map((field) => (
        <TextAreaField key={field} {...text(field)} rows={5} hint="One per line" />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...text("pricing_info")} hint="e.g. From $8,000" />
        <TextField {...text("implementation_time")} hint="e.g. 4-8 weeks" />
        <TextField {...text("order_index")} type="number" inputMode="numeric" />
      </div>
      <CheckboxField label={labels.is_active} checked={values.is_active} onChange={(v) => set("is_active", v)} />
    </>
  );
}

/** /admin/service-details: the detail each services-page category opens (SPEC §2), list plus editor. */
export default function ServiceDetailsPage() {
  const list = useCatalog(serviceDetailsApi);
  // A new detail starts on the first category that has none yet (else the first).
  const firstFree = useMemo(() => {
    const used = new Set((list.data ?? []).map((d) => d.service_category));
    return serviceCategories.find((c) => !used.has(c)) ?? serviceCategories[0];
  }, [list.data]);
  const toValues = (d: ServiceDetail | undefined, count: number): DetailValues => ({
    service_category: d ? d.service_category : firstFree,
    title: d?.title ?? "",
    short_description: d?.short_description ?? "",
    detailed_description: d?.detailed_description ?? "",
    key_features: toLines(d?.key_features),
    benefits: toLines(d?.benefits),
    use_cases: toLines(d?.use_cases),
    pricing_info: d?.pricing_info ?? "",
    implementation_time: d?.implementation_time ?? "",
    order_index: String(d?.order_index ?? count),
    is_active: d?.is_active ?? true,
  });
  return (
    <CatalogManager<ServiceDetail, DetailValues>
      api={serviceDetailsApi}
      heading="Service details"
      noun="service detail"
      addLabel="Add Service Detail"
      createTitle="Create New Service Detail"
      editTitle="Edit Service Detail"
      deleteMessage="Are you sure you want to delete this service detail?"
      emptyIcon={ListChecks}
      columns={columns}
      toValues={toValues}
      labels={labels}
      validate={validate}
      toPayload={toPayload}
      width="max-w-3xl"
      header={(add) => <PageHeader title="Service Details Management" actions={add} />}
      form={(editor) => <DetailForm editor={editor} />}
    />
  );
}
