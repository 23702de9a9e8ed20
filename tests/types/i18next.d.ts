// i18next, which app/i18n/i18n.test.ts uses as the reference of the site's translator
// (common/i18n/translator.ts), is told the catalog's shape: its own `t` refuses a key the catalog lacks too
// (tests/types/message-keys.ts).
import type en from "../../common/i18n/en.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
