// Every page route at every width, with axe at 390 and 1280 px, in English (tests/e2e/site-walk.ts).
import { siteWalk } from "./site-walk.ts";

siteWalk("en");
