// Where content items live on the site; links and the sitemap build paths here.
export const PRICES_LIST_PATH = "/products/prices-list";
export const SEGMENT_PRODUCTS_PATH = "/products/segment-products";

export const productPath = (product: { category: string; id: number }) => `/products/${product.category}/${product.id}`;
export const segmentPath = (segment: { id: number }) => `/segment-details/${segment.id}`;
export const servicePath = (service: { id: number }) => `/service-details/${service.id}`;
export const appPath = (app: { id: number }) => `/app-details/${app.id}`;
export const newsPath = (item: { type: string; id: number }) => `/news-details/${item.type}/${item.id}`;
export const businessPath = (solution: { slug: string }) => `/business/${solution.slug}`;
export const CALL_ROAMING_PATH = "/international-Roaming-Countries";
export const SMS_ROAMING_PATH = "/SMS-Roaming-Countries";
