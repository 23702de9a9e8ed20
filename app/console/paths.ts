// The console's paths, for the server and the browser alike.
export const CONSOLE_LOGIN_PATH = "/console/login";
export const CONSOLE_HOME_PATH = "/console";
export const CONSOLE_FEEDBACK_PATH = "/console/feedback";
export const CONSOLE_DESK_PATH = "/console/desk";
/** A feedback message's page, and its attachment (a console-guarded download). */
export const feedbackMessagePath = (reference: string) => `${CONSOLE_FEEDBACK_PATH}/${reference}`;
export const feedbackAttachmentPath = (reference: string) => `${CONSOLE_FEEDBACK_PATH}/${reference}/attachment`;
export const CONTENT_FILES_PATH = "/console/content-files";
export const MEDIA_PATH = "/console/media";

/** Who may export and import the content files (publishing all of it at once), and who may upload images. */
export const CONTENT_FILES_ROLES = ["publisher", "admin"] as const;
/** Importing publishes everything it changes at once: a publisher's alone (an admin may download). */
export const CONTENT_IMPORT_ROLES = ["publisher"] as const;
export const MEDIA_ROLES = ["editor", "publisher"] as const;
/** The archive of every content file (/console/content-files/download/content.zip). */
export const CONTENT_ARCHIVE_NAME = "content.zip";
