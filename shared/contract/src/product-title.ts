/** docs/product.md §2: the product name everywhere; on / the product name followed by the tagline. */
export const WELCOME_TAGLINE = 'Watch Live Cricket Streaming Online in HD';

export function pageTitle(productName: string, pathname: string): string {
  return pathname === '/' ? `${productName} | ${WELCOME_TAGLINE}` : productName;
}
