// Every overlay and the super clip's tabs through axe-core in Arabic, at 1280 and 390 px
// (tests/e2e/accessibility-suite.ts; every page route goes through axe in the site walk, tests/e2e/site-walk.ts).
import { accessibilitySuite } from "./accessibility-suite.ts";

accessibilitySuite("ar");
