import { useCallback, useState } from 'react';

export type Validate = (value: string) => string | null;

export interface FieldOptions {
  /** The value the field starts with (and returns to on `reset()`). */
  initial?: string;
  /** Shapes the value as it is typed (card number groups, MM/YY). */
  format?: (value: string) => string;
}

export interface Field {
  value: string;
  error: string | undefined;
  /** Props for TextField/PasswordField. */
  input: {
    name: string;
    value: string;
    error?: string;
    onChange(event: { target: { value: string } }): void;
    onBlur(): void;
  };
  /** Validates now (on submit) and returns the message, or null when valid. */
  check(): string | null;
  /** An error the server found (for example "already registered"). */
  setError(message: string | undefined): void;
  /** A new value (the initial one by default) and no error. */
  reset(value?: string): void;
}

const unchanged = (value: string) => value;

/**
 * Inline validation that does not nag (decision 021): a field is checked when the viewer leaves
 * it with something typed, and once it shows an error it is re-checked on every keystroke so the
 * message goes away as soon as the input is fixed.
 */
export function useField(name: string, validate: Validate, options: FieldOptions = {}): Field {
  const { initial = '', format = unchanged } = options;
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const check = useCallback(() => {
    const problem = validate(value);
    setError(problem ?? undefined);
    return problem;
  }, [validate, value]);
  return {
    value,
    error,
    input: {
      name,
      value,
      ...(error ? { error } : {}),
      onChange: (event) => {
        const next = format(event.target.value);
        setValue(next);
        if (error !== undefined) setError(validate(next) ?? undefined);
      },
      onBlur: () => {
        if (value !== '') setError(validate(value) ?? undefined);
      },
    },
    check,
    setError,
    reset: (next = initial) => {
      setValue(next);
      setError(undefined);
    },
  };
}

/**
 * Checks every field in order and focuses the first invalid one (by name, inside `form`).
 * Returns true when all are valid.
 */
export function checkAll(form: HTMLFormElement | null, fields: Field[]): boolean {
  let first: Field | null = null;
  for (const field of fields) {
    if (field.check() !== null && first === null) first = field;
  }
  if (first === null) return true;
  const element = form?.elements.namedItem(first.input.name);
  if (element instanceof HTMLElement) element.focus();
  return false;
}
