// The route template a page request matched (`/bundle-details/:type/:id`), from React Router's own route
// table: the label of the page's metrics, so that the series stay as many as the routes, whatever paths
// visitors send.
import { matchRoutes, type ServerBuild } from "react-router";

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  children: RouteNode[];
}

const trees = new WeakMap<ServerBuild["routes"], RouteNode[]>();

function treeOf(manifest: ServerBuild["routes"]): RouteNode[] {
  let tree = trees.get(manifest);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (route) nodes.set(route.id, { id: route.id, ...(route.path !== undefined ? { path: route.path } : {}), ...(route.index ? { index: true } : {}), children: [] });
  }
  tree = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : tree).push(node);
  }
  trees.set(manifest, tree);
  return tree;
}

/**
 * Templates already found, per build and path. matchRoutes flattens and ranks the whole route table on every call
 * (6–7 % of a signed-in page's CPU under load, in a profile of /profile): a path asked again is answered from here.
 * At most MAX_KEPT_PATHS paths per build are kept; beyond, the oldest go first (a stream of made-up paths costs what
 * it cost before, never memory).
 */
const templates = new WeakMap<ServerBuild["routes"], Map<string, string>>();
const MAX_KEPT_PATHS = 5_000;

/** `/bundle-details/data/7.data` → `/bundle-details/:type/:id`; every unknown page shares `/*`. */
export function pageRouteTemplate(build: ServerBuild, pathname: string): string {
  let kept = templates.get(build.routes);
  if (!kept) templates.set(build.routes, (kept = new Map()));
  const known = kept.get(pathname);
  if (known !== undefined) return known;
  const template = matchTemplate(build, pathname);
  if (kept.size >= MAX_KEPT_PATHS) kept.delete(kept.keys().next().value!);
  kept.set(pathname, template);
  return template;
}

function matchTemplate(build: ServerBuild, pathname: string): string {
  const matches = matchRoutes(treeOf(build.routes) as never, pathname.replace(/\.data$/, "") || "/") as { route: RouteNode }[] | null;
  if (!matches) return "/*";
  const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}
