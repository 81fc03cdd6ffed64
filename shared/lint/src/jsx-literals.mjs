// @ts-check
/**
 * Issue 34 §4: words a viewer reads come from the app's message catalogue (docs/i18n.md), never
 * from JSX. In the folders that are translated (eslint.config.mjs lists them) this reports
 * - text between tags that has a letter in any script (`<p>Sign in</p>`, `<p>साइन इन</p>`);
 * - a string with a letter given to an attribute a viewer reads or hears (aria-label, title, alt,
 *   placeholder, and the components' label, lead, hint);
 * - a string with a letter written straight into `{…}` (`{busy ? 'Saving…' : 'Save'}`).
 * Punctuation and symbols (`{' '}`, `·`, `●`) pass: they read the same in every language.
 */

const LETTER = /\p{L}/u;
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'alt',
  'placeholder',
  'label',
  'lead',
  'hint',
]);

const MESSAGE = 'User-visible text must come from the messages catalogue (t(...); docs/i18n.md).';

/** String literals a `{…}` expression shows as they are: the value, or either branch of it. */
function shownStrings(node) {
  if (!node) return [];
  if (node.type === 'Literal' && typeof node.value === 'string') return [node];
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return [node];
  if (node.type === 'ConditionalExpression')
    return [...shownStrings(node.consequent), ...shownStrings(node.alternate)];
  if (node.type === 'LogicalExpression') return shownStrings(node.right);
  return [];
}

const text = (node) =>
  node.type === 'Literal' ? String(node.value) : node.quasis.map((q) => q.value.cooked).join('');

/** @type {import('eslint').Rule.RuleModule} */
export const jsxLiteralsRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const report = (node) => context.report({ node, message: MESSAGE });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!VISIBLE_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal' && LETTER.test(String(node.value.value))) report(node);
        if (node.value.type === 'JSXExpressionContainer')
          for (const literal of shownStrings(node.value.expression))
            if (LETTER.test(text(literal))) report(literal);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXAttribute') return;
        for (const literal of shownStrings(node.expression))
          if (LETTER.test(text(literal))) report(literal);
      },
    };
  },
};
