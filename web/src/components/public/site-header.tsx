import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { Glyph } from "../ui/glyphs";
import { container } from "../ui/classes";
import { BrandLink } from "./brand";
import { useScrolledPast } from "../../lib/scroll";

export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/tech-school", label: "Tech School" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

/**
 * Fixed header: transparent over the dark page heroes, opaque once the page scrolls more than
 * 10 px (SPEC §9) or the mobile menu is open.
 */
export function SiteHeader({ companyName }: { companyName: string }) {
  // Opaque once the page has scrolled more than 10 px (SPEC §9).
  const scrolled = useScrolledPast(10);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const solid = scrolled || open;

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium transition ${
      solid ? (isActive ? "text-purple-700" : "text-slate-700 hover:text-purple-700") : isActive ? "text-white" : "text-slate-200 hover:text-white"
    }`;

  return (
    <header
      data-testid="site-header"
      data-solid={solid ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-300 ${solid ? "bg-white/95 shadow-md backdrop-blur" : "bg-transparent on-dark"}`}
    >
      <nav aria-label="Main" className={`${container} flex h-16 items-center justify-between md:h-20`}>
        <BrandLink name={companyName} dark={!solid} />
        <ul className="hidden items-center gap-1 md:flex">
          {navLinks.map((l) =>
            l.to === "/contact" ? (
              <li key={l.to} className="ml-2">
                <NavLink
                  to={l.to}
                  className="rounded-xl bg-linear-to-r from-purple-600 to-blue-600 px-5 py-2.5 text-sm font-semibold text-white shadow-md shadow-purple-600/25 transition hover:from-purple-700 hover:to-blue-700"
                >
                  {l.label}
                </NavLink>
              </li>
            ) : (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/"} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ),
          )}
        </ul>
        <button
          type="button"
          className={`rounded-lg p-2 md:hidden ${solid ? "text-slate-900 hover:bg-slate-100" : "text-white hover:bg-white/10"}`}
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          <Glyph name={open ? "x" : "menu"} className="h-6 w-6" />
        </button>
      </nav>
      <div id="mobile-menu" hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
        <ul className={`${container} flex flex-col gap-1 py-4`}>
          {navLinks.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                end={l.to === "/"}
                onClick={() => setOpen(false)}
                className={({ isActive }) => `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? "bg-purple-50 text-purple-800" : "text-slate-800 hover:bg-slate-50"}`}
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
