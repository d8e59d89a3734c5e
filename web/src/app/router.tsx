import type { ComponentType } from "react";
import { createBrowserRouter } from "react-router-dom";
import { PublicLayout } from "../components/public-layout";
import { HomePage } from "../routes/public/home";

/** A route whose page module (default export) is its own chunk, fetched on first visit. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/**
 * Public pages and the admin area are separate lazy chunks: a visitor never downloads admin code.
 * Home is in the entry chunk because it is the landing page.
 */
export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "about", ...page(() => import("../routes/public/about")) },
      { path: "services", ...page(() => import("../routes/public/services")) },
      { path: "tech-school", ...page(() => import("../routes/public/tech-school")) },
      { path: "blog", ...page(() => import("../routes/public/blog-list")) },
      { path: "blog/:slug", ...page(() => import("../routes/public/blog-post")) },
      { path: "contact", ...page(() => import("../routes/public/contact")) },
      { path: "*", ...page(() => import("../routes/public/not-found")) },
    ],
  },
  { path: "/auth/callback", ...page(() => import("../routes/auth/callback")) },
  { path: "/admin/login", ...page(() => import("../routes/admin/login")) },
  { path: "/admin/*", ...page(() => import("../routes/admin/admin-app")) },
]);
