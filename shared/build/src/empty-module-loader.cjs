// Replaces global stylesheets with an empty module in the prerender (Node) build: the
// browser build ships them; the prerender only needs markup and class names.
module.exports = function emptyModuleLoader() {
  return 'export {};';
};
