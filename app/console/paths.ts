// The console's paths, for the server and the browser alike.
export const CONSOLE_LOGIN_PATH = "/console/login";
export const CONSOLE_HOME_PATH = "/console";
