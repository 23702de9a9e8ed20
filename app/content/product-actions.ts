// Products whose page leads to something the site itself does (issue 16: the payment and refill product,
// /products/payment/62, leads to top-up by voucher). A small mapping in code rather than a content field:
// the target is a route of this app, which content editors cannot add, and the products table stays as
// the content files load it. A product not listed here has no such call to action.
import { PAYMENT_PRODUCT_ID } from "../../common/constants.ts";
import { TOP_UP_PATH } from "../my-line/paths.ts";

export interface ProductAppAction {
  to: string;
  /** Catalog key of the link's text. */
  label: "topUp.productAction";
}

export const PRODUCT_APP_ACTIONS: Readonly<Record<number, ProductAppAction>> = {
  [PAYMENT_PRODUCT_ID]: { to: TOP_UP_PATH, label: "topUp.productAction" },
};
