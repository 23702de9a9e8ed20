// The hotline's service password: the one slow hash of server/auth/password-hash.ts, under the names the
// hotline uses (its test counts the hashes through this module).
export { hashPassword as hashServicePassword, passwordMatches as servicePasswordMatches, sameText } from "../auth/password-hash.ts";
