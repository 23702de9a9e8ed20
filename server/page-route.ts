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

/** `/bundle-details/data/7.data` → `/bundle-details/:type/:id`; every unknown page shares `/*`. */
export function pageRouteTemplate(build: ServerBuild, pathname: string): string {
  const matches = matchRoutes(treeOf(build.routes) as never, pathname.replace(/\.data$/, "") || "/") as { route: RouteNode }[] | null;
  if (!matches) return "/*";
  const segments = matches.map((match) => match.route.path).filter((path): path is string => Boolean(path));
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}
