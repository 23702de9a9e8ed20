// The path as logged, everywhere a request's path is written: a console enrolment link's one-time token is a
// secret (issue 17), never written.
export function loggablePath(path: string): string {
  return path.replace(/^(\/console\/enrol\/)[^/]+/i, "$1:token");
}
