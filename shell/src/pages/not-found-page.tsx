import { Link } from 'react-router-dom';
import { Heading, Page } from '@crease/ui';

/** Any path outside the route table. */
export function NotFoundPage() {
  return (
    <Page width="narrow">
      <Heading level={1}>Page not found</Heading>
      <p>We couldn’t find that page. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Page>
  );
}
