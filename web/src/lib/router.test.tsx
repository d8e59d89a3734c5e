import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { Link, NavLink, Outlet, StaticRouter, useLocation, useParams, useRoutes, useSearchParams, type RouteObject } from "./router";

function Show({ name }: { name: string }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  const [query] = useSearchParams();
  return <p>{`${name} ${JSON.stringify(params)} ${pathname}${search} q=${query.get("q") ?? ""}`}</p>;
}

function Layout() {
  return (
    <div>
      layout:
      <Outlet />
    </div>
  );
}

const adminRoutes: RouteObject[] = [
  { index: true, element: <Show name="overview" /> },
  { path: "team", element: <Show name="team" /> },
  { path: "*", element: <Show name="admin-unknown" /> },
];

function Admin() {
  return <>admin:{useRoutes(adminRoutes)}</>;
}

const routes: RouteObject[] = [
  { path: "/admin/login", element: <Show name="login" /> },
  { path: "/admin/*", element: <Admin /> },
  {
    element: <Layout />,
    children: [
      { index: true, element: <Show name="home" /> },
      { path: "blog", element: <Show name="blog" /> },
      { path: "blog/page/:page", element: <Show name="blog" /> },
      { path: "blog/:slug", element: <Show name="post" /> },
      { path: "*", element: <Show name="not-found" /> },
    ],
  },
];

function App() {
  return <>{useRoutes(routes)}</>;
}

const at = (location: string) =>
  renderToString(
    <StaticRouter location={location}>
      <App />
    </StaticRouter>,
  ).replaceAll("&quot;", '"');

describe("the route table", () => {
  it("renders the home page inside the public layout at /", () => {
    expect(at("/")).toContain("layout:<p>home {} /");
  });

  it("gives a page its decoded path parameters and the search", () => {
    expect(at("/blog/page/2?q=ai")).toContain('blog {"page":"2"} /blog/page/2?q=ai q=ai');
    expect(at("/blog/caf%C3%A9-notes")).toContain('post {"slug":"café-notes"}');
  });

  it("matches with a trailing slash and in any case, as the server's addresses do", () => {
    expect(at("/blog/")).toContain("blog {}");
    expect(at("/Blog/Page/3")).toContain(`blog {"page":"3"}`);
    expect(at("/BLOG")).toContain("blog {}");
  });

  it("takes the first match: an address of its own before the layout's catch-all", () => {
    expect(at("/admin/login")).toContain("login {}");
    expect(at("/admin/login")).not.toContain("layout:");
    expect(at("/no/such/page")).toContain("layout:<p>not-found {}");
  });

  it("resolves a nested table against the splat it sits under", () => {
    expect(at("/admin")).toContain("admin:<p>overview {}");
    expect(at("/admin/team?open=u1")).toContain("admin:<p>team {} /admin/team?open=u1");
    expect(at("/admin/teams")).toContain("admin:<p>admin-unknown");
    expect(at("/administrator")).toContain("not-found");
  });
});

describe("links", () => {
  const nav = (location: string) =>
    renderToString(
      <StaticRouter location={location}>
        <NavLink to="/admin" end className={({ isActive }) => (isActive ? "on" : "off")}>
          Overview
        </NavLink>
        <NavLink to="/blog" className={({ isActive }) => (isActive ? "on" : "off")}>
          Blog
        </NavLink>
        <Link to="/contact?from=x" className="plain">
          Contact
        </Link>
      </StaticRouter>,
    );

  it("keep their absolute addresses", () => {
    expect(nav("/blog")).toContain('href="/contact?from=x"');
    expect(nav("/blog")).toContain('href="/admin"');
  });

  it("mark the current page, below it too unless `end`", () => {
    expect(nav("/blog/some-post")).toContain('aria-current="page" class="on" href="/blog"');
    expect(nav("/admin")).toContain('aria-current="page" class="on" href="/admin"');
    expect(nav("/admin/team")).toContain('class="off" href="/admin"');
    expect(nav("/about")).toContain('class="off" href="/blog"');
  });
});
