// CSS Modules: every app's styles are scoped; a remote cannot restyle another's classes.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
