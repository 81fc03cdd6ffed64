/** localStorage key of the developer overrides: JSON `{ "<remote>": "<manifest URL on localhost>" }`. */
export const OVERRIDES_STORAGE_KEY = 'crease:remote-overrides';
