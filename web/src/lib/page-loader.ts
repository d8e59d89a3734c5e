import type { QueryClient } from "@tanstack/react-query";
import type { LoaderFunctionArgs } from "react-router-dom";

/**
 * Route loaders fill a page's data before it renders. The server entry (web/src/entry-server.tsx)
 * runs the loaders of the routes an address matches through react-router's createStaticHandler,
 * with the render's own query cache as their context, and then renders the page once from that
 * cache. In the browser the router is declarative and runs no loader: a page's hooks read as they
 * always did, and a hydrated page starts from the cache it was rendered with.
 *
 * A loader loads exactly the queries its route's components read (the same query options as their
 * hooks): the server entry refuses a render that left a query unloaded.
 */
export interface PageLoadContext {
  queryClient: QueryClient;
}

export type PageLoader = (args: LoaderFunctionArgs<PageLoadContext>) => Promise<null>;

type Query = Parameters<QueryClient["prefetchQuery"]>[0];

/** Loads these queries into the render's cache; a failed read stays failed there, as the page shows it. */
export async function loadQueries({ queryClient }: PageLoadContext, ...queries: Query[]): Promise<null> {
  await Promise.all(queries.map((q) => queryClient.prefetchQuery(q)));
  return null;
}
