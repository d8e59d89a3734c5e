/**
 * The app's router: the one module that knows the routing library (wouter, ~2.5 KB gzipped, in the
 * vendor chunk every page loads first, instead of react-router's ~15 KB). It exports what the app
 * uses, with react-router's shapes, so pages read as before:
 * - a route table (`useRoutes(routes)`): first match wins (specific routes before catch-alls), a
 *   layout route (no path, children) renders its matched child through `<Outlet />`, a path ending
 *   in `/*` matches everything below it and a `useRoutes` inside resolves paths relative to it;
 * - `Link`, `NavLink` (className/aria-current from {isActive}, `end`), `Navigate`;
 * - `useLocation` ({pathname, search, hash}), `useNavigate` ((to, {replace})), `useParams`,
 *   `useSearchParams` ([URLSearchParams, set(next | fn, {replace})]; a function gets the address
 *   bar's current parameters, so rapid updates build on each other);
 * - `BrowserRouter` (the browser's history) and `StaticRouter` (one address, for entry-server.tsx).
 * Every `to` is an absolute path ("/admin/team?open=…"). Of wouter only its address hooks (the
 * history, through useSyncExternalStore) and its matcher (regexparam) are used: its components and
 * router context would add ~0.5 KB to the first render for nothing the app needs.
 */
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from "react";
import { parse } from "regexparam";
import { navigate as go, usePathname, useSearch } from "wouter/use-browser-location";

export interface RouteObject {
  /** Relative to the enclosing route ("blog/:slug", "admin/*", "*"); none for a layout route. */
  path?: string;
  /** Matches the enclosing route's own address. */
  index?: boolean;
  element: ReactNode;
  children?: RouteObject[];
}

type Params = Readonly<Record<string, string | undefined>>;
interface RouteContext {
  /** The matched part of the address that nested route tables resolve against ("" at the top). */
  base: string;
  params: Params;
  outlet: ReactNode;
}
const RouteCtx = createContext<RouteContext>({ base: "", params: {}, outlet: null });

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

interface Match {
  route: RouteObject;
  params: Record<string, string>;
  base: string;
}

/** The chain of routes (layout first) that the pathname matches under base, or none. */
function matchRoutes(routes: RouteObject[], pathname: string, base: string): Match[] | undefined {
  for (const route of routes) {
    if (route.children && route.path === undefined) {
      const inner = matchRoutes(route.children, pathname, base);
      if (inner) return [{ route, params: {}, base }, ...inner];
      continue;
    }
    const rest = route.index ? "" : route.path!.replace(/^\//, "");
    const splat = rest === "*" || rest.endsWith("/*");
    const own = splat ? rest.replace(/\/?\*$/, "") : rest;
    const pattern = `${base}/${own}`.replace(/\/+$/, "") || "/";
    // wouter's matcher: case-insensitive, an optional trailing slash; loose (a prefix) for a splat.
    const { keys, pattern: regex } = parse(pattern, splat);
    const found = regex.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[key] = decode(value);
    });
    // Below a splat, nested tables resolve against the matched prefix (the path without its "*").
    return [{ route, params, base: splat ? pattern.replace(/\/$/, "") : base }];
  }
  return undefined;
}

/** Renders the route of `routes` that the address matches (nothing when none does). */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const parent = useContext(RouteCtx);
  const chain = useMemo(() => matchRoutes(routes, pathname, parent.base), [routes, pathname, parent.base]);
  if (!chain) return null;
  // Built innermost first: each route's element sees the next one as its outlet.
  let outlet: ReactNode = null;
  let params: Params = parent.params;
  for (const m of chain) params = { ...params, ...m.params };
  for (let i = chain.length - 1; i >= 0; i--) {
    const m = chain[i]!;
    outlet = <RouteCtx.Provider value={{ base: m.base, params, outlet }}>{m.route.element}</RouteCtx.Provider>;
  }
  return outlet;
}

/** Where a layout route renders its matched child. */
export function Outlet() {
  return <>{useContext(RouteCtx).outlet}</>;
}

export function useParams<T extends string = string>(): Readonly<Partial<Record<T, string>>> {
  return useContext(RouteCtx).params as Readonly<Partial<Record<T, string>>>;
}

export interface Location {
  pathname: string;
  /** "" or "?…". */
  search: string;
  /** "" or "#…" (always "" on the server, which never sees it). */
  hash: string;
}

/** The address a server render is of (StaticRouter); none in the browser. */
const ServerLocation = createContext<{ ssrPath: string; ssrSearch: string } | undefined>(undefined);

export function useLocation(): Location {
  const server = useContext(ServerLocation);
  const pathname = usePathname(server);
  const search = useSearch(server).replace(/^\?/, "");
  return { pathname, search: search ? `?${search}` : "", hash: server ? "" : window.location.hash };
}

export interface NavigateOptions {
  replace?: boolean;
}

const navigate = (to: string, options?: NavigateOptions) => go(to, { replace: options?.replace ?? false });

export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  return navigate;
}

export type SearchParamsInit = URLSearchParams | string | Record<string, string> | [string, string][];
export type SetSearchParams = (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void;

export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const current = new URLSearchParams(typeof window === "undefined" ? search : window.location.search);
      const query = new URLSearchParams(typeof next === "function" ? next(current) : next).toString();
      navigate(`${pathname}${query ? `?${query}` : ""}`, options);
    },
    [navigate, pathname, search],
  );
  return [params, set];
}

/** Goes to `to` once rendered (a redirect); the server, rendering one address, does nothing. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/** A click the app handles itself: the main button, no modifier, no other target, not handled already. */
const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) && (!target || target === "_self");

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;
export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, target, ...rest }, ref) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      ref={ref}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
});

export interface NavLinkProps extends Omit<LinkProps, "className"> {
  /** Active only on its own address, not on the addresses below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A Link that knows whether it points at the current page (aria-current="page" and its class). */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ to, end, className, ...rest }, ref) {
  const { pathname } = useLocation();
  const path = (to.split(/[?#]/)[0] ?? to).replace(/(.)\/+$/, "$1").toLowerCase();
  const here = pathname.replace(/(.)\/+$/, "$1").toLowerCase();
  const isActive = here === path || (!end && (path === "/" ? false : here.startsWith(`${path}/`)));
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
});

/** The browser's address and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** One fixed address ("/blog?page=2"), for rendering on the server. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const [ssrPath = "/", ssrSearch = ""] = location.split("?");
  const value = useMemo(() => ({ ssrPath, ssrSearch }), [ssrPath, ssrSearch]);
  return <ServerLocation.Provider value={value}>{children}</ServerLocation.Provider>;
}
