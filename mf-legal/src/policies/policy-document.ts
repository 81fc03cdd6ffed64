/**
 * The shape every policy page is written in. Content is data so that the
 * legal team edits words, never markup, and every page renders the same way
 * (headings, anchors, table of contents, last-updated date).
 */
export type PolicyBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; items: readonly string[] };

export interface PolicySection {
  /** Stable anchor id, kebab-case, unique within the document. */
  id: string;
  heading: string;
  blocks: readonly PolicyBlock[];
}

export interface PolicyDocument {
  /** Matches the screen id in the shell's route table. */
  id:
    | 'acceptable-use-policy'
    | 'privacy-policy'
    | 'terms-of-service'
    | 'cookie-policy'
    | 'refund-policy'
    | 'accessibility-statement';
  title: string;
  /** ISO date (YYYY-MM-DD) the text last changed. */
  lastUpdated: string;
  /** One or two sentences shown under the title. */
  summary: string;
  sections: readonly PolicySection[];
}
