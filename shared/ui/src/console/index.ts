// The consoles' own pieces (release console, staff console): a subpath, so that no viewer-facing
// app bundles them or their CSS.
export { ConsoleBar } from './console-bar';
export type { ConsoleBarProps } from './console-bar';
export { ConsoleSignIn } from './console-sign-in';
export type { ConsoleSignInProps } from './console-sign-in';
