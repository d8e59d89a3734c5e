import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from "react";
import { Navigate, NavLink, useLocation, useNavigate, useRoutes, type RouteObject } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, ShieldAlert, X } from "lucide-react";
import { ADMIN_HOME, adminReturnPath, RETURN_PARAM } from "@agency/core/contract/return-path";
import { adminNav, type AdminNavItem } from "../../components/admin/admin-nav";
import { mayLeave } from "../../components/admin/leave-guard";
import { AdminIdentity } from "../../components/admin/admin-identity";
import { ToastProvider } from "../../components/admin/toasts";
import { Spinner } from "../../components/spinner";
import { adminMeKey, useAdminMe, useCan } from "../../features/session/api";
import { session, useSession } from "../../features/session/session-store";
import { ApiError } from "../../lib/api";

/**
 * The admin screens, by nav path (admin-nav.ts), each its own lazy chunk. Add a screen: write
 * web/src/routes/admin/<screen>.tsx (default export), its nav item, and one line here.
 */
const screens: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  "": lazy(() => import("./overview")),
  content: lazy(() => import("./content")),
  messages: lazy(() => import("./messages")),
  registrations: lazy(() => import("./registrations")),
  subscribers: lazy(() => import("./subscribers")),
  blog: lazy(() => import("./blog")),
  courses: lazy(() => import("./courses")),
  "service-details": lazy(() => import("./service-details")),
  policies: lazy(() => import("./policies")),
  media: lazy(() => import("./media")),
  users: lazy(() => import("./users")),
  settings: lazy(() => import("./settings")),
  activity: lazy(() => import("./activity")),
  trash: lazy(() => import("./trash")),
  team: lazy(() => import("./team")),
  account: lazy(() => import("./account")),
};

/** A screen the role may not use (a typed or bookmarked address): said plainly, with the way back. */
function NotAllowed({ item }: { item: AdminNavItem }) {
  useEffect(() => {
    document.title = `${item.title} | Admin`;
  }, [item.title]);
  return (
    <section aria-labelledby="not-allowed" className="mx-auto max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm" data-testid="not-allowed">
      <span className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        <ShieldAlert aria-hidden="true" className="h-6 w-6" />
      </span>
      <h1 id="not-allowed" className="text-xl font-bold text-slate-900">
        Not allowed
      </h1>
      <p className="mt-2 text-sm text-slate-700">Your role does not give access to {item.label}. If you need it, ask an owner of the site.</p>
      <NavLink to="/admin" className="mt-6 inline-block text-sm font-medium text-purple-700 hover:text-purple-900 hover:underline">
        Back to the Overview
      </NavLink>
    </section>
  );
}

function AdminPage({ item }: { item: AdminNavItem }) {
  const can = useCan();
  const Screen = Object.hasOwn(screens, item.path) ? screens[item.path] : undefined;
  if (!can(item.permission)) return <NotAllowed item={item} />;
  return Screen ? <Screen /> : <Navigate to="/admin" replace />;
}

/**
 * Descendant routes of the app's "/admin/*" (web/src/app/router.tsx), resolved against /admin; the
 * catch-all ranks below every screen's own path. Route objects and useRoutes, as the app's table.
 */
const adminRoutes: RouteObject[] = [
  ...adminNav.map((item): RouteObject => (item.path === "" ? { index: true, element: <AdminPage item={item} /> } : { path: item.path, element: <AdminPage item={item} /> })),
  { path: "*", element: <Navigate to="/admin" replace /> },
];

function AdminRoutes() {
  return useRoutes(adminRoutes);
}

/** A session held until two-factor is set up (the server's 403 two_factor_setup_required) sees only its account. */
const setupRequired = (me: ReturnType<typeof useAdminMe>) => me.data?.type === "admin" && me.data.two_factor_setup_required === true;
const ACCOUNT_PATH = "/admin/account";

function Sidebar({ onNavigate, onLogout, loggingOut }: { onNavigate: () => void; onLogout: () => void; loggingOut: boolean }) {
  const me = useAdminMe();
  const can = useCan();
  const navigate = useNavigate();
  const nav = setupRequired(me) ? adminNav.filter((item) => `/admin/${item.path}` === ACCOUNT_PATH) : adminNav;
  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-200 px-5 py-5">
        <p className="text-lg font-bold text-slate-900">Arcline AI</p>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Admin</p>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {nav
            .filter((item) => can(item.permission))
            .map((item) => (
              <li key={item.path}>
                <NavLink
                  to={item.path === "" ? "/admin" : `/admin/${item.path}`}
                  end={item.path === ""}
                  onClick={(event) => {
                    // A screen with unsaved work asks first (leave-guard.tsx); plain clicks only.
                    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                    event.preventDefault();
                    const to = event.currentTarget.getAttribute("href") ?? "/admin";
                    void mayLeave().then((ok) => {
                      if (!ok) return;
                      onNavigate();
                      navigate(to);
                    });
                  }}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition ${
                      isActive ? "bg-purple-100 text-purple-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    }`
                  }
                >
                  <item.icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                  {item.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="space-y-3 border-t border-slate-200 p-4">
        {me.data && <AdminIdentity me={me.data} />}
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="h-4 w-4" />
          Logout
        </button>
      </div>
    </div>
  );
}

/**
 * The admin shell: a guard (spinner while the current admin loads, /admin/login without one), the
 * left navigation with the active item highlighted, who is signed in, and Logout.
 */
export default function AdminApp() {
  const me = useAdminMe();
  // The session user loads when the admin area starts (SPEC §7); the guard itself is /api/admin/me.
  useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (me.isPending) return <Spinner label="Loading your account" className="min-h-screen" />;
  if (me.isError) {
    if (!(me.error instanceof ApiError) || me.error.status !== 401) console.error("Failed to load the current admin:", me.error);
    const notAuthorised = me.error instanceof ApiError && me.error.status === 403;
    if (notAuthorised) return <Navigate to="/admin/login?error=not_authorised" replace />;
    // Signed out: the login page brings the admin back to the address asked for (a mail's link, say).
    const asked = adminReturnPath(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={asked && asked !== ADMIN_HOME ? `/admin/login?${RETURN_PARAM}=${encodeURIComponent(asked)}` : "/admin/login"} replace />;
  }

  if (setupRequired(me) && location.pathname !== ACCOUNT_PATH) return <Navigate to={ACCOUNT_PATH} replace />;

  async function logout() {
    if (!(await mayLeave())) return;
    setLoggingOut(true);
    await session.logout();
    queryClient.removeQueries({ queryKey: adminMeKey });
    navigate("/admin/login", { replace: true });
  }

  const sidebar = <Sidebar onNavigate={() => setMenuOpen(false)} onLogout={logout} loggingOut={loggingOut} />;
  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:sticky lg:top-0 lg:block lg:h-screen">{sidebar}</aside>

      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden">
        <p className="font-bold text-slate-900">Arcline AI Admin</p>
        <button
          type="button"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((o) => !o)}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
        >
          {menuOpen ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
        </button>
      </div>
      {menuOpen && <aside className="border-b border-slate-200 bg-white lg:hidden">{sidebar}</aside>}

      <main id="main" className="min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        <ToastProvider>
          <Suspense fallback={<Spinner label="Loading page" />}>
            <AdminRoutes />
          </Suspense>
        </ToastProvider>
      </main>
    </div>
  );
}
