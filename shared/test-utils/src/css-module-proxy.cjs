// CSS Modules in unit tests: class names are their own keys, so markup stays readable.
module.exports = new Proxy({}, { get: (_, key) => (key === '__esModule' ? false : String(key)) });
