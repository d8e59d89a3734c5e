import { useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";
import type { ColumnDef } from "@tanstack/react-table";
import { Building2, LayoutGrid, type LucideIcon } from "lucide-react";
import type { Industry, Service } from "@agency/core/contract/catalog";
import { type PageSection, inPageOrder, pageSlugs, type PageSlug } from "@agency/core/contract/page-sections";
import { defaultIndustryIcon, defaultServiceIcon, industryIcons, serviceIcons } from "@agency/core/contract/catalog-values";
import { panel } from "../../components/admin/classes";
import { useHistoryLink } from "../../components/admin/history";
import { EmptyState } from "../../components/admin/empty-state";
import { SelectFilter } from "../../components/admin/filters";
import { CheckboxField, TextAreaField, TextField } from "../../components/admin/form-fields";
import { LoadFailed } from "../../components/admin/load-failed";
import { PageHeader } from "../../components/admin/page-header";
import { Tabs } from "../../components/admin/tabs";
import type { RecordEditor } from "../../components/admin/use-record-editor";
import { Spinner } from "../../components/spinner";
import { imageSrc } from "../../lib/image-src";
import { industryIcon, serviceIcon } from "../../components/ui/icons";
import { industriesApi, servicesApi } from "../../features/catalog/admin-api";
import { CatalogManager } from "../../features/catalog/catalog-manager";
import { IconField } from "../../features/catalog/icon-field";
import { ImageUrlField } from "../../features/media/image-url-field";
import { useAdminSections, useSectionPage } from "../../features/content/admin-api";
import { SectionCard } from "../../features/content/section-card";

const tabs = [
  { id: "sections", label: "Page Sections" },
  { id: "services", label: "Services" },
  { id: "industries", label: "Industries" },
] as const;
type TabId = (typeof tabs)[number]["id"];

/** Every page's name in the Page filter (a Record, so a new page slug cannot go without one). */
const pageLabels: Record<PageSlug, string> = {
  home: "Home Page",
  about: "About Page",
  services: "Services Page",
  "tech-school": "Tech School Page",
  contact: "Contact Page",
  blog: "Blog Page",
  global: "Global (Footer, etc.)",
  policies: "Legal Policies",
};
const pageOptions = pageSlugs.map((value) => ({ value, label: pageLabels[value] }));

const isOneOf = <T extends string>(list: readonly T[], v: string | null): v is T => v !== null && (list as readonly string[]).includes(v);

function PageSectionsTab({ page, onPage, historyFor }: { page: PageSlug; onPage: (p: PageSlug) => void; historyFor?: string }) {
  const sections = useAdminSections(page);
  return (
    <div>
      <div className="mb-4 max-w-xs">
        <SelectFilter label="Page" showLabel value={page} onChange={(v) => isOneOf(pageSlugs, v) && onPage(v)} options={pageOptions} />
      </div>
      {sections.isPending ? (
        <Spinner label="Loading sections" />
      ) : sections.isError ? (
        <LoadFailed onRetry={() => void sections.refetch()} />
      ) : (
        <SectionList page={page} sections={sections.data} historyFor={historyFor} />
      )}
    </div>
  );
}

/**
 * The page's sections in the order the page shows them (contract: pageLayouts), each labelled by
 * where it appears and with only the fields the page reads; stored sections the page no longer
 * reads are not offered.
 */
function SectionList({ page, sections, historyFor }: { page: PageSlug; sections: readonly PageSection[]; historyFor?: string }) {
  const shown = inPageOrder(page, sections);
  if (!shown.length) {
    return (
      <div className={panel}>
        <EmptyState icon={LayoutGrid} title="No sections on this page" hint="Sections are created with the site's default content." />
      </div>
    );
  }
  return (
    <ol className="space-y-4" aria-label="Sections in page order">
      {shown.map(({ layout, section }) => (
        <li key={section.id}>
          <SectionCard section={section} layout={layout} openHistory={section.id === historyFor} />
        </li>
      ))}
    </ol>
  );
}

// ---- Services and Industries: the catalogue manager with SPEC's texts ---------------------------

type ServiceValues = { title: string; description: string; icon_name: string; order_index: string; image_url: string; image_alt: string; is_active: boolean };

/** A service's or industry's cell: its image (else its icon), name and description. */
function ItemCell({ image, icon: Icon, title, description }: { image?: string | null; icon: LucideIcon; title?: string; description?: string }) {
  const [failed, setFailed] = useState(false);
  const src = failed ? "" : imageSrc(image);
  return (
    <div className="flex items-start gap-3">
      {src ? (
        <img src={src} alt="" onError={() => setFailed(true)} className="h-12 w-12 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-purple-100 text-purple-700">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
      )}
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{title || "Untitled"}</p>
        <p className="line-clamp-2 text-sm text-slate-600">{description}</p>
      </div>
    </div>
  );
}

const serviceColumns: ColumnDef<Service>[] = [
  {
    id: "service",
    header: "Service",
    meta: { className: "min-w-[16rem]" },
    cell: ({ row: { original: s } }) => <ItemCell image={s.image_url} icon={serviceIcon(s.icon_name)} title={s.title} description={s.description} />,
  },
];

function ServiceForm({ editor }: { editor: RecordEditor<Service, ServiceValues> }) {
  const { values, set, errors } = editor;
  return (
    <>
      <TextField label="Title" value={values.title} onChange={(v) => set("title", v)} error={errors.title} />
      <TextAreaField label="Description" rows={4} value={values.description} onChange={(v) => set("description", v)} error={errors.description} />
      <IconField value={values.icon_name} onChange={(v) => set("icon_name", v)} names={serviceIcons} iconOf={serviceIcon} hint="e.g. Zap, Code, etc." error={errors.icon_name} />
      <TextField label="Order Index" type="number" inputMode="numeric" value={values.order_index} onChange={(v) => set("order_index", v)} error={errors.order_index} />
      <ImageUrlField
        label="Image URL"
        value={values.image_url}
        onChange={(v) => set("image_url", v)}
        error={errors.image_url}
        alt={{ value: values.image_alt, onChange: (v) => set("image_alt", v), error: errors.image_alt }}
      />
      <CheckboxField label="Active" checked={values.is_active} onChange={(v) => set("is_active", v)} />
    </>
  );
}

function ServicesTab() {
  return (
    <CatalogManager<Service, ServiceValues>
      api={servicesApi}
      heading="Services Management"
      noun="service"
      addLabel="Add Service"
      createTitle="Create New Service"
      editTitle="Edit Service"
      deleteMessage="Are you sure you want to delete this service?"
      emptyIcon={LayoutGrid}
      columns={serviceColumns}
      toValues={(s, count) => ({
        title: s?.title ?? "",
        description: s?.description ?? "",
        icon_name: s?.icon_name || defaultServiceIcon,
        order_index: String(s?.order_index ?? count),
        image_url: s?.image_url ?? "",
        image_alt: s?.image_alt ?? "",
        is_active: s?.is_active ?? true,
      })}
      labels={{
        title: "Title",
        description: "Description",
        icon_name: "Icon Name",
        order_index: "Order Index",
        image_url: "Image URL",
        image_alt: "Image Alt Text",
        is_active: "Active",
      }}
      form={(editor) => <ServiceForm editor={editor} />}
    />
  );
}

type IndustryValues = { name: string; description: string; icon_name: string; order_index: string; is_active: boolean };

const industryColumns: ColumnDef<Industry>[] = [
  {
    id: "industry",
    header: "Industry",
    meta: { className: "min-w-[16rem]" },
    cell: ({ row: { original: i } }) => <ItemCell icon={industryIcon(i.icon_name)} title={i.name} description={i.description} />,
  },
];

function IndustryForm({ editor }: { editor: RecordEditor<Industry, IndustryValues> }) {
  const { values, set, errors } = editor;
  return (
    <>
      <TextField label="Name" value={values.name} onChange={(v) => set("name", v)} error={errors.name} />
      <TextAreaField label="Description" rows={4} value={values.description} onChange={(v) => set("description", v)} error={errors.description} />
      <IconField
        value={values.icon_name}
        onChange={(v) => set("icon_name", v)}
        names={industryIcons}
        iconOf={industryIcon}
        hint="e.g. Building, Factory, etc."
        error={errors.icon_name}
      />
      <TextField label="Order Index" type="number" inputMode="numeric" value={values.order_index} onChange={(v) => set("order_index", v)} error={errors.order_index} />
      <CheckboxField label="Active" checked={values.is_active} onChange={(v) => set("is_active", v)} />
    </>
  );
}

function IndustriesTab() {
  return (
    <CatalogManager<Industry, IndustryValues>
      api={industriesApi}
      heading="Industries Management"
      noun="industry"
      addLabel="Add Industry"
      createTitle="Create New Industry"
      editTitle="Edit Industry"
      deleteMessage="Are you sure you want to delete this industry?"
      emptyIcon={Building2}
      columns={industryColumns}
      toValues={(i, count) => ({
        name: i?.name ?? "",
        description: i?.description ?? "",
        icon_name: i?.icon_name || defaultIndustryIcon,
        order_index: String(i?.order_index ?? count),
        is_active: i?.is_active ?? true,
      })}
      labels={{ name: "Name", description: "Description", icon_name: "Icon Name", order_index: "Order Index", is_active: "Active" }}
      form={(editor) => <IndustryForm editor={editor} />}
    />
  );
}

/**
 * /admin/content: Page Sections, Services and Industries (SPEC §2 Content). The site settings have
 * one screen, /admin/settings: the old Site Settings tab's address leads there.
 */
export default function ContentPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = isOneOf(
    tabs.map((t) => t.id),
    params.get("tab"),
  )
    ? (params.get("tab") as TabId)
    : "sections";
  const pageParam = params.get("page");
  const page: PageSlug = isOneOf(pageSlugs, pageParam) ? pageParam : "home";
  // An Activity row's link to a section (`?history={id}`) names no page: its newest revision does.
  const linked = useHistoryLink();
  const linkedPage = useSectionPage(tab === "sections" ? linked : undefined).data;
  const go = (next: Record<string, string>) => setParams((p) => ({ ...Object.fromEntries(p), ...next }), { replace: true });
  useEffect(() => {
    if (linkedPage) setParams((p) => ({ ...Object.fromEntries(p), page: linkedPage }), { replace: true });
  }, [linkedPage, setParams]);
  if (params.get("tab") === "settings") return <Navigate to="/admin/settings" replace />;

  return (
    <div>
      <PageHeader title="Content Management" description="Page texts, services and industries, as visitors see them." />
      <Tabs label="Content" tabs={tabs} selected={tab} onSelect={(id) => go({ tab: id })}>
        {tab === "sections" && <PageSectionsTab page={page} onPage={(p) => go({ page: p })} historyFor={linked} />}
        {tab === "services" && <ServicesTab />}
        {tab === "industries" && <IndustriesTab />}
      </Tabs>
    </div>
  );
}
