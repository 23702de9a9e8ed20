// Names shared by the server side and the browser side of the accounts UI.

/** Query parameter that opens the login dialog on arrival (a guest sent away from /reserve-number). */
export const OPEN_LOGIN_PARAM = "login";

/** Where the edit-profile form was sent from: the dialog (answered with data) or the plain page form (a redirect). */
export const PROFILE_FORM_VIA = "via";
