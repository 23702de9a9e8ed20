// What every form field with a message needs: its name and id, aria-invalid, and the message under it
// linked by aria-describedby (read by screen readers with the field).
export function formFieldHelpers(prefix: string, errors: Record<string, string>, message: (error: string) => string = (error) => error) {
  const errorId = (name: string) => `${prefix}-${name}-error`;
  return {
    field: (name: string) => ({
      name,
      id: `${prefix}-${name}`,
      "aria-invalid": errors[name] ? true : undefined,
      "aria-describedby": errors[name] ? errorId(name) : undefined,
    }),
    errorOf: (name: string) =>
      errors[name] ? (
        <span id={errorId(name)} className="text-sm font-bold text-red-700">
          {message(errors[name])}
        </span>
      ) : null,
  };
}
