// The console's paths, for the server and the browser alike.
export const CONSOLE_LOGIN_PATH = "/console/login";
export const CONSOLE_HOME_PATH = "/console";
export const CONSOLE_FEEDBACK_PATH = "/console/feedback";
export const CONSOLE_DESK_PATH = "/console/desk";
/** A feedback message's page, and its attachment (a console-guarded download). */
export const feedbackMessagePath = (reference: string) => `${CONSOLE_FEEDBACK_PATH}/${reference}`;
export const feedbackAttachmentPath = (reference: string) => `${CONSOLE_FEEDBACK_PATH}/${reference}/attachment`;
