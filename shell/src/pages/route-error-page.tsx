import { useRouteError } from 'react-router-dom';
import { Button, Heading, Page } from '@crease/ui';
import { useMessages } from '../messages';

/** Last line of defence for a routing or rendering error in the shell itself. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useMessages();
  console.error(error);
  return (
    <Page width="narrow">
      <div role="alert">
        <Heading level={1}>{t('error.title')}</Heading>
        <p>{t('error.text')}</p>
        <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
      </div>
    </Page>
  );
}
