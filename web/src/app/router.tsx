import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { BrowserRouter, useRoutes, type RouteObject } from "react-router-dom";
import { PublicLayout, publicLayoutLoader } from "../components/public-layout";
import { ScrollToTop } from "../components/public/scroll-to-top";
import { Spinner } from "../components/spinner";
import { HomePage, homeLoader } from "../routes/public/home";
import type { PageLoader } from "../lib/page-loader";

/**
 * A route whose page module (default export) is its own chunk, fetched on first visit. Its loader
 * (run on the server only: lib/page-loader.ts) loads the chunk and then the data the module's own
 * `loader` names, so the page renders once, whole.
 */
const page = (load: () => Promise<{ default: ComponentType; loader?: PageLoader }>) => {
  const Page = lazy(load);
  const loader: PageLoader = async (args) => (await load()).loader?.(args) ?? null;
  return { element: <Page />, loader };
};

/**
 * Public pages and the admin area are separate lazy chunks: a visitor never downloads admin code.
 * Home (its hero; the sections below it are a chunk of their own) loads with the application
 * module because it is the landing page.
 *
 * react-router's declarative mode in the browser (BrowserRouter + useRoutes over route objects):
 * server state lives in react-query. The table is plain route objects in one place, the shape
 * createBrowserRouter and createStaticHandler take: the server entry (entry-server.tsx) gives it to
 * createStaticHandler, which runs the public routes' loaders (their data into the render's query
 * cache) before the one render under StaticRouter.
 * Lazy pages suspend; PublicLayout keeps its header and footer on screen while a page chunk loads.
 */
// One page module for /blog and /blog/page/{n}: moving between pages keeps it mounted.
const blogList = page(() => import("../routes/public/blog-list"));
const newsletter = page(() => import("../routes/public/newsletter"));

// react-router ranks the routes (a static segment beats a parameter beats "*"), so the public
// layout's "*" takes only the addresses no other route has.
export const routes: RouteObject[] = [
  // ---- Sign-in and admin -----------------------------------------------------------------------
  { path: "/auth/callback", ...page(() => import("../routes/auth/callback")) },
  { path: "/admin/login", ...page(() => import("../routes/admin/login")) },
  // An invitation or password-reset link: no session, its own chunk.
  { path: "/admin/invite/:token", ...page(() => import("../routes/admin/invite")) },
  { path: "/admin/*", ...page(() => import("../routes/admin/admin-app")) },
  // ---- Public site ---------------------------------------------------------------------------
  {
    element: <PublicLayout />,
    loader: publicLayoutLoader,
    children: [
      { index: true, element: <HomePage />, loader: homeLoader },
      { path: "about", ...page(() => import("../routes/public/about")) },
      { path: "services", ...page(() => import("../routes/public/services")) },
      { path: "tech-school", ...page(() => import("../routes/public/tech-school")) },
      { path: "blog", ...blogList },
      { path: "blog/page/:page", ...blogList },
      { path: "blog/:slug", ...page(() => import("../routes/public/blog-post")) },
      // A private preview link: the post as visitors will see it, under a Preview banner; noindex.
      { path: "preview/:token", ...page(() => import("../routes/public/preview")) },
      { path: "contact", ...page(() => import("../routes/public/contact")) },
      // The newsletter's confirmation and unsubscribe links (issue 32): SPA only, never rendered.
      { path: "newsletter/confirm", ...newsletter },
      { path: "newsletter/unsubscribe", ...newsletter },
      { path: "*", ...page(() => import("../routes/public/not-found")) },
    ],
  },
];

function AppRoutes() {
  return <Suspense fallback={<Spinner className="min-h-screen" />}>{useRoutes(routes)}</Suspense>;
}

/**
 * Marks the page as running (`<html data-app="ready">`) once the first render or hydration has
 * committed and its effects have run (the app's last child, so its effect runs after the page's
 * own): what a page reads after hydration has been asked for by then. The browser journeys wait for
 * it instead of for a quiet network. The server renders it too (as nothing), so that it takes the
 * same place in both trees.
 */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.app = "ready";
  }, []);
  return null;
}

/**
 * The app under whichever router: BrowserRouter here, StaticRouter in entry-server.tsx. One tree for
 * both, so a rendered page hydrates with the same component positions and the same useId ids: a
 * component beside it in only one of them shifts every id below (a form then looks for its fields
 * under ids the page does not have).
 */
export function App() {
  return (
    <>
      <ScrollToTop />
      <AppRoutes />
      <Ready />
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <App />
    </BrowserRouter>
  );
}
