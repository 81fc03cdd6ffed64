import { Link } from 'react-router-dom';
import { Heading, Page } from '@crease/ui';
import { useMessages } from '../messages';

/** Any path outside the route table. */
export function NotFoundPage() {
  const { t } = useMessages();
  return (
    <Page width="narrow">
      <Heading level={1}>{t('notFound.title')}</Heading>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/">{t('notFound.home')}</Link>
      </p>
    </Page>
  );
}
