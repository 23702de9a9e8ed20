// Business constants and limits of spec §9, one named constant each, used everywhere they apply.

/** Login, register and add-number: 09, then 4|5|6|7, then seven digits. */
export const LOGIN_NUMBER_PATTERN = /^09[4567]\d{7}$/;
/** Line-feature numbers (forwarding targets, exceptions, caller filter): 09 then eight digits. */
export const LINE_FEATURE_NUMBER_PATTERN = /^09\d{8}$/;
export const NUMBER_MAX_LENGTH = 10;
export const CODE_LENGTH = 6;
export const RESEND_COUNTDOWN_SECONDS = 120;

/** Below this width the layout is the phone layout: sidebar, full-width dialogs, collapsed navbar. */
export const MOBILE_BREAKPOINT_PX = 1100;
export const PRIVACY_LAYOUT_BREAKPOINT_PX = 1180;
export const NOT_FOUND_LAYOUT_BREAKPOINT_PX = 992;
export const SHORT_SEARCH_PLACEHOLDER_BREAKPOINT_PX = 460;
export const IMAGE_BREAKPOINTS_PX = [536, 767] as const;
/** The widths each illustration is served at ({base}-536.jpg, -767.jpg, -1200.jpg): the page's srcset and the console's uploads. */
export const IMAGE_WIDTHS = [...IMAGE_BREAKPOINTS_PX, 1200] as const;

export const FOOTER_MAX_BUNDLE_CATEGORIES = 4;
export const FOOTER_MAX_APPS = 4;

export const GENDER = { male: 0, female: 1 } as const;
export const TOAST_DURATION_MS = 2000;
export const LAZY_LOAD_TIMEOUT_MS = 120_000;
export const BIRTH_DATE_FORMAT = "yyyy-mm-dd";
export const RSA_KEY_BITS = 2048;
/** The fixed quick link to the payment product. */
export const PAYMENT_PRODUCT_ID = 62;
export const PAYMENT_QUICK_LINK = `/products/payment/${PAYMENT_PRODUCT_ID}`;

/** Option types of call forwarding and super clip, in the order the spec's API sends them. */
export const OPTION_TYPES = { all: 0, busy: 1, noAnswer: 2, unreachable: 3 } as const;
/** Caller filter periods: id → length in days. */
export const CALLER_PERIODS = [
  { id: 0, days: 1 },
  { id: 1, days: 3 },
  { id: 2, days: 7 },
  { id: 3, days: 21 },
  { id: 4, days: 30 },
] as const;
export const CALLER_LIST_FIRST_PAGE = 0;

/** Routes that need a logged-in subscriber; a guest is sent to /home. */
export const GUARDED_PATHS = ["/profile", "/call-forward", "/super-clip", "/reserve-number", "/call-barring", "/hotline"] as const;
/** The one guarded route whose link, followed by a guest, is remembered and continued after login. */
export const RESERVE_NUMBER_PATH = "/reserve-number";

/** Content types of customerCare/api/about/type/{n}. */
export const ABOUT_TYPES = { terms: 4, privacy: 5 } as const;

/** Social link types 0–3 and the network each stands for. */
export const SOCIAL_TYPES = ["facebook", "x", "instagram", "youtube"] as const;
