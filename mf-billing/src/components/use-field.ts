import { useCallback, useState } from 'react';

export type Validate = (value: string) => string | null;

export interface Field {
  value: string;
  error: string | undefined;
  /** Props for TextField. */
  input: {
    name: string;
    value: string;
    error?: string;
    onChange(event: { target: { value: string } }): void;
    onBlur(): void;
  };
  /** Validates now (on submit) and returns the message, or null when valid. */
  check(): string | null;
  /** An error the server found. */
  setError(message: string | undefined): void;
}

/**
 * Inline validation that does not nag (decision 021, as in mf-auth): a field is checked when the
 * viewer leaves it with something typed, and once it shows an error it is re-checked on every
 * keystroke so the message goes away as soon as the input is fixed. `format` shapes the value as
 * it is typed (card number groups, MM/YY).
 */
export function useField(
  name: string,
  validate: Validate,
  format: (value: string) => string = (value) => value,
): Field {
  const [value, setValue] = useState('');
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
  };
}

/** Checks every field in order and focuses the first invalid one. True when all are valid. */
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
