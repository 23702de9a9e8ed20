// Every route and overlay through axe-core in English, at 1280 and 390 px (tests/e2e/accessibility-suite.ts).
import { accessibilitySuite } from "./accessibility-suite.ts";

accessibilitySuite("en");
