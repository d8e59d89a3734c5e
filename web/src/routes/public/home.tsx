import { useIndustries, useServices } from "../../features/content/api";

export function HomePage() {
  const services = useServices();
  const industries = useIndustries();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-bold">AI automation that works for your business</h1>
      <section aria-labelledby="services-heading" className="mt-12">
        <h2 id="services-heading" className="text-2xl font-semibold">What we do</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {(services.data ?? []).slice(0, 6).map((s) => (
            <li key={s.id} className="rounded-xl border p-6" data-testid="service-card">
              <h3 className="font-semibold">{s.title}</h3>
              <p className="mt-2 text-slate-600">{s.description}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="industries-heading" className="mt-12">
        <h2 id="industries-heading" className="text-2xl font-semibold">Industries</h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {(industries.data ?? []).slice(0, 6).map((i) => (
            <li key={i.id} className="rounded-xl border p-6" data-testid="industry-card">
              <h3 className="font-semibold">{i.name}</h3>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
