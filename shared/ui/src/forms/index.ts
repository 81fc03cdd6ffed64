/**
 * Form helpers every remote's forms share: bundled into each remote that uses them (this entry is
 * not a Module Federation singleton), so a remote never waits for a shell release to get them.
 * FormAlert still renders the page's one shared Alert.
 */
export { checkAll, useField } from './use-field';
export type { Field, FieldOptions, Validate } from './use-field';
export { FormAlert } from './form-alert';
export type { FormAlertProps } from './form-alert';
export { SelectField } from './select-field';
export type { SelectFieldProps } from './select-field';
export { ToggleButton } from './toggle-button';
export type { ToggleButtonProps } from './toggle-button';
export { useOutcome } from './use-outcome';
export type { OutcomeState, Shown } from './use-outcome';
