// npm nests drizzle-orm under api/node_modules while drizzle-kit is hoisted to the root, and
// drizzle-kit finds drizzle-orm with a bare `import()`. This hook resolves it from api/ instead.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
      const parent = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
      export async function resolve(specifier, context, next) {
        if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/'))
          return next(specifier, { ...context, parentURL: parent });
        return next(specifier, context);
      }`),
);
