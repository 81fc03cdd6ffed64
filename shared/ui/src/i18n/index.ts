/**
 * `@crease/ui/i18n` (issue 34 §4): a subpath, not the shared `@crease/ui` singleton, so a remote
 * built with it runs under a shell whose @crease/ui predates it; each app bundles its own copy
 * (a few kB: the catalogues arrive precompiled, without the ICU parser).
 */
export { chooseLanguage, formattingLocale } from './choose-language';
export type { LanguageSources } from './choose-language';
export { createTranslator } from './translator';
export type { Catalogue, MessageValues, RichValues, Translator } from './translator';
export { defineMessages } from './messages';
export type { CatalogueSet, Messages } from './messages';
