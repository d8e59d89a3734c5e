import { Link, NavLink, Outlet } from "react-router-dom";

const links = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/tech-school", label: "Tech School" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
];

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="fixed inset-x-0 top-0 z-40 bg-white/95 shadow-sm">
        <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <Link to="/" className="text-xl font-bold text-slate-900">Arcline AI</Link>
          <ul className="flex gap-6">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.to === "/"} className="text-slate-700 hover:text-purple-700">{l.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="flex-1 pt-20">
        <Outlet />
      </main>
      <footer className="bg-slate-900 px-4 py-10 text-slate-300">
        <p className="mx-auto max-w-7xl">© {new Date().getFullYear()} Arcline AI</p>
      </footer>
    </div>
  );
}
