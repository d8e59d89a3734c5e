import { useId } from "react";
import { Link } from "react-router-dom";
import { CalendarCheck, CheckCircle2, Clock, DollarSign, FileText, Sparkles } from "lucide-react";
import type { ServiceDetail } from "@agency/core/contract/catalog";
import { splitBarList } from "@agency/core/contract/catalog-values";
import { CloseButton, Modal } from "../ui/modal";

function ListBlock({ title, items, tone }: { title: string; items: string[]; tone: "purple" | "blue" | "emerald" }) {
  if (!items.length) return null;
  const color = { purple: "text-purple-600", blue: "text-blue-600", emerald: "text-emerald-600" }[tone];
  return (
    <section>
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <ul className="mt-3 space-y-2.5">
        {items.map((item) => (
          <li key={item} className="flex gap-2.5 text-slate-700">
            <CheckCircle2 className={`mt-0.5 h-5 w-5 shrink-0 ${color}`} aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ServiceDetailModal({ detail, onClose }: { detail: ServiceDetail | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal open={!!detail} onClose={onClose} labelledBy={titleId} width="max-w-4xl">
      {detail && (
        <div data-testid="service-detail">
          <div className="on-dark relative bg-linear-to-r from-purple-700 to-blue-700 px-6 py-8 text-white sm:px-10">
            <div className="absolute top-4 right-4 [&_button]:text-white [&_button:hover]:bg-white/10 [&_button:hover]:text-white">
              <CloseButton onClick={onClose} />
            </div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
              <Sparkles className="h-4 w-4" aria-hidden="true" />
              {detail.service_category}
            </p>
            <h2 id={titleId} className="mt-4 pr-10 text-2xl font-bold sm:text-3xl">
              {detail.title}
            </h2>
            {detail.short_description && <p className="mt-3 max-w-2xl text-purple-50">{detail.short_description}</p>}
          </div>
          <div className="space-y-8 px-6 py-8 sm:px-10">
            {detail.detailed_description && (
              <section>
                <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
                  <FileText className="h-5 w-5 text-purple-600" aria-hidden="true" /> Overview
                </h3>
                <p className="mt-3 leading-relaxed text-slate-700">{detail.detailed_description}</p>
              </section>
            )}
            <div className="grid gap-8 md:grid-cols-2">
              <ListBlock title="Key Features" items={splitBarList(detail.key_features)} tone="purple" />
              <ListBlock title="Benefits" items={splitBarList(detail.benefits)} tone="emerald" />
            </div>
            <ListBlock title="Common Use Cases" items={splitBarList(detail.use_cases)} tone="blue" />
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-2xl bg-purple-50 p-5">
                <dt className="flex items-center gap-2 text-sm font-medium text-purple-800">
                  <Clock className="h-4 w-4" aria-hidden="true" /> Implementation Time
                </dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">{detail.implementation_time || "Varies by scope"}</dd>
              </div>
              <div className="rounded-2xl bg-blue-50 p-5">
                <dt className="flex items-center gap-2 text-sm font-medium text-blue-800">
                  <DollarSign className="h-4 w-4" aria-hidden="true" /> Investment
                </dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">{detail.pricing_info || "Custom quote"}</dd>
              </div>
            </dl>
            <div className="flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row">
              <Link
                to="/contact"
                onClick={onClose}
                className="inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-linear-to-r from-purple-600 to-blue-600 px-6 py-3 font-semibold text-white hover:from-purple-700 hover:to-blue-700"
              >
                <CalendarCheck className="h-5 w-5" aria-hidden="true" /> Schedule Consultation
              </Link>
              <Link
                to="/contact"
                onClick={onClose}
                className="inline-flex flex-1 items-center justify-center gap-2 rounded-xl border border-slate-300 px-6 py-3 font-semibold text-slate-900 hover:border-purple-400 hover:text-purple-700"
              >
                Request Quote
              </Link>
            </div>
          </div>
        </div>
      )}
    </Modal>
  );
}
