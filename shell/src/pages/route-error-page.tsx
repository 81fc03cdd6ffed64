import { useRouteError } from 'react-router-dom';
import { Button, Heading, Page } from '@crease/ui';

/** Last line of defence for a routing or rendering error in the shell itself. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Page width="narrow">
      <div role="alert">
        <Heading level={1}>Something went wrong</Heading>
        <p>This page hit an unexpected error. Reloading usually fixes it.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </Page>
  );
}
